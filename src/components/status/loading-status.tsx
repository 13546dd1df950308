// A spinner with a line of text in a status region, so screen readers hear what is loading.
import { Flex, Spinner, Text } from '@radix-ui/themes';

export function LoadingStatus({ label, className }: { label: string; className?: string }) {
  return (
    <Flex className={className} align="center" gap="2" role="status">
      <Spinner />
      <Text color="gray">{label}</Text>
    </Flex>
  );
}

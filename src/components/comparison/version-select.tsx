// A labelled version selector, each version with its date of effect and status. It always holds
// a version: there is no empty choice.
import { useId } from 'react';
import { Flex, Select, Text } from '@radix-ui/themes';
import { useIntl } from 'react-intl';
import type { Branch } from '../../api/contract';
import { datedBranchLabel } from '../version-selector/branch-label';

interface VersionSelectProps {
  label: string;
  branches: Branch[];
  value: string | undefined;
  onChange: (branchId: string) => void;
}

export function VersionSelect({ label, branches, value, onChange }: VersionSelectProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <Flex direction="column" gap="1" minWidth="0">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Select.Root value={value} onValueChange={onChange}>
        <Select.Trigger id={id} placeholder={label} />
        <Select.Content position="popper">
          {branches.map((branch) => (
            <Select.Item key={branch.id} value={branch.id}>
              {datedBranchLabel(intl, branch, branches)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

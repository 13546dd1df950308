// Said when the server cannot reach the official services: plainly, and that files still import.
import { useIntl } from 'react-intl';
import { Callout } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';

export function OfflineNotice({ files = 'below' }: { files?: 'below' | 'steps' }) {
  const intl = useIntl();
  return (
    <Callout.Root color="amber" highContrast role="alert" data-testid="source-offline">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>{intl.formatMessage({ id: `sourceImport.offline.${files}` })}</Callout.Text>
    </Callout.Root>
  );
}

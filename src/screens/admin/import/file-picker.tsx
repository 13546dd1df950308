// Two buttons that open the browser's file picker: files, or a whole folder (each file then
// carries its path inside the folder, which the formats need). The inputs stay hidden; the
// buttons are what the keyboard reaches.
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, Flex, Text } from '@radix-ui/themes';
import type { UploadFile } from '../../../machines/admin/import-upload.machine';

/** The picked files with their relative paths (a folder pick's webkitRelativePath, else the name). */
function uploadFilesOf(list: FileList | null): UploadFile[] {
  return Array.from(list ?? [], (file) => ({
    path: file.webkitRelativePath || file.name,
    size: file.size,
    blob: file,
  })).sort((a, b) => a.path.localeCompare(b.path));
}

export function FilePicker({ onPick }: { onPick: (files: UploadFile[]) => void }) {
  const intl = useIntl();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const picked = (input: HTMLInputElement) => {
    const files = uploadFilesOf(input.files);
    if (files.length > 0) onPick(files);
    input.value = ''; // the same pick again must fire change again
  };
  return (
    <Flex direction="column" gap="2">
      <Flex gap="3" wrap="wrap">
        <Button variant="soft" onClick={() => filesInput.current?.click()}>
          {intl.formatMessage({ id: 'adminImport.pickFiles' })}
        </Button>
        <Button variant="soft" onClick={() => folderInput.current?.click()}>
          {intl.formatMessage({ id: 'adminImport.pickFolder' })}
        </Button>
      </Flex>
      <Text as="p" size="2" color="gray">
        {intl.formatMessage({ id: 'adminImport.pickHint' })}
      </Text>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        data-testid="import-files-input"
        onChange={(event) => picked(event.currentTarget)}
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        data-testid="import-folder-input"
        {...{ webkitdirectory: '' }}
        onChange={(event) => picked(event.currentTarget)}
      />
    </Flex>
  );
}

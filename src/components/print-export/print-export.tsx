// 'Print' and 'Download' of the version read: Download links to the server's self-contained HTML
// export as a file; Print loads the same page into a hidden same-origin frame and prints it (the
// browser's PDF from it is the PDF export), so the whole version prints, not the virtual list.
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, Flex } from '@radix-ui/themes';
import { DownloadIcon } from '@radix-ui/react-icons';
import { exportHtmlUrl } from '../../api/contract/export';
import { useSetAtom } from '../../atoms/store';
import { showToastAtom } from '../toast/toast.atoms';
import './print-export.css';

export interface PrintExportProps {
  documentId: string;
  /** The version (id or name); the server's default (main) when absent. */
  branch?: string;
  lang?: string;
}

export function PrintExport({ documentId, branch, lang }: PrintExportProps) {
  const intl = useIntl();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const showToast = useSetAtom(showToastAtom);

  const print = () => {
    frame.current?.remove();
    const iframe = document.createElement('iframe');
    iframe.className = 'print-export-frame';
    iframe.setAttribute('aria-hidden', 'true');
    iframe.tabIndex = -1;
    iframe.onload = () => {
      try {
        iframe.contentWindow?.focus();
        iframe.contentWindow?.print();
      } catch {
        showToast({ variant: 'error', title: { id: 'reader.print.failed' } });
      }
    };
    iframe.onerror = () => showToast({ variant: 'error', title: { id: 'reader.print.failed' } });
    iframe.src = exportHtmlUrl(documentId, { branch, lang });
    document.body.appendChild(iframe);
    frame.current = iframe;
  };

  return (
    <Flex gap="2" className="print-export">
      <Button size="1" variant="soft" color="gray" onClick={print}>
        {intl.formatMessage({ id: 'reader.print.print' })}
      </Button>
      <Button size="1" variant="soft" color="gray" asChild>
        <a
          href={exportHtmlUrl(documentId, { branch, lang, download: true })}
          download
          title={intl.formatMessage({ id: 'reader.print.downloadTitle' })}
        >
          <DownloadIcon aria-hidden />
          {intl.formatMessage({ id: 'reader.print.download' })}
        </a>
      </Button>
    </Flex>
  );
}

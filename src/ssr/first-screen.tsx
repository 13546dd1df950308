// The document page's first screen as the server renders it (issue 14): the document's title and
// its first passages with the reader's own row component (FragmentRow), so the markup and classes
// are the reader's. Shown until the app's reader has its text (src/ssr/first-screen-handoff.ts).
import { Theme } from '@radix-ui/themes';
import { IntlProvider } from 'react-intl';
import { AtomsProvider, createStore } from '../atoms/store';
import type { Document } from '../api/contract';
import type { FragmentRow as Fragment } from '../machines/reader/text-loading.machine';
import type { CachedText } from '../machines/reader/fragment-texts-cache';
import { FragmentRow } from '../components/text-viewer/fragment-row';
import type { Catalogue } from '../i18n/catalogues';

export interface FirstScreenProps {
  locale: string;
  messages: Catalogue;
  document: Pick<Document, 'id' | 'title' | 'external_id'>;
  fragments: readonly Fragment[];
  texts: ReadonlyMap<string, CachedText>;
  /** The reader's address of a provision (`?node=`), for the links in the text. */
  nodeHref: (nodeId: string) => string;
}

const ignore = () => undefined;

export function FirstScreen(props: FirstScreenProps) {
  const { fragments, texts } = props;
  const seen = new Set<string>();
  return (
    <IntlProvider locale={props.locale} messages={props.messages} defaultLocale="en">
      <AtomsProvider store={createStore()}>
        {/* The page's <html> carries the theme (theme-bootstrap.js): no flash of the other one. */}
        <Theme appearance="inherit" accentColor="indigo" grayColor="slate" radius="medium">
          <div className="document-detail ssr-first-screen">
            <h1 className="rt-Heading document-title">{props.document.title}</h1>
            <p className="ssr-citation">{props.document.external_id}</p>
            <section className="reader-main" lang={fragments[0]?.language_code || undefined}>
              <div className="text-viewer">
                {fragments.map((fragment) => {
                  const showHeader = !seen.has(fragment.node_id);
                  seen.add(fragment.node_id);
                  return (
                    <FragmentRow
                      key={fragment.id}
                      fragment={fragment}
                      showHeader={showHeader}
                      text={texts.get(fragment.id)}
                      failed={false}
                      selected={false}
                      onRetry={ignore}
                      nodeHref={props.nodeHref}
                      onSelectNode={ignore}
                    />
                  );
                })}
              </div>
            </section>
          </div>
        </Theme>
      </AtomsProvider>
    </IntlProvider>
  );
}

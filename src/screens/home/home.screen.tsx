// Home: what Lexhub is and what the library holds. The full shell comes with the reading issue.
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { z } from 'zod';
import { apiGet } from '../../api/client';
import { DocumentList } from '../../api/contract/documents';

type LibraryState = { status: 'loading' } | { status: 'loaded'; count: number } | { status: 'failed'; message: string };

export function HomeScreen() {
  const [library, setLibrary] = useState<LibraryState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiGet('/legal/documents?limit=200', DocumentList.extend({ items: z.array(z.unknown()) }), { signal: controller.signal })
      .then((list) => setLibrary({ status: 'loaded', count: list.items.length }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLibrary({ status: 'failed', message: String(error) });
      });
    return () => controller.abort();
  }, []);

  return (
    <main className="home">
      <h1>
        <FormattedMessage id="app.name" />
      </h1>
      <p className="subtitle">
        <FormattedMessage id="home.subtitle" />
      </p>
      {library.status === 'loading' && (
        <p role="status">
          <FormattedMessage id="home.loading" />
        </p>
      )}
      {library.status === 'failed' && (
        <p role="alert">
          <FormattedMessage id="home.error" values={{ message: library.message }} />
        </p>
      )}
      {library.status === 'loaded' && (
        <>
          <p data-testid="library-count">
            <FormattedMessage id="home.documents" values={{ count: library.count }} />
          </p>
          {library.count === 0 && (
            <p>
              <code>
                <FormattedMessage id="home.emptyHelp" />
              </code>
            </p>
          )}
        </>
      )}
      <p>
        <a href="/v1/openapi.json">
          <FormattedMessage id="home.apiLink" />
        </a>
      </p>
    </main>
  );
}

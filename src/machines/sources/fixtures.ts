// Acts and jobs as the server answers them, for the source import machines' and screens' tests.
import type { SourceAct, SourceImportItem, SourceImportJob } from '../../api/contract/source-imports';

export const GDPR: SourceAct = {
  source: 'cellar',
  act_id: '32016R0679',
  title: 'Regulation (EU) 2016/679 (General Data Protection Regulation)',
  versions: [
    { version_id: '32016R0679', kind: 'original', date: '2016-05-04', languages: ['cs', 'de', 'en'] },
    { version_id: '02016R0679-20160504', kind: 'consolidated', date: '2016-05-04', languages: ['cs', 'en'] },
  ],
};

export const STORED_DOCUMENT_ID = '5a0c8f61-1b7e-4c1e-9a4e-2f1f6c3d9b10';

const item = (language: string, state: SourceImportItem['state'], extra: Partial<SourceImportItem> = {}) =>
  ({
    source: 'cellar',
    act_id: '32016R0679',
    version_id: '32016R0679',
    kind: 'original',
    date: '2016-05-04',
    language,
    state,
    ...extra,
  }) satisfies SourceImportItem;

/** The GDPR job in cs and en: `step` 0 queued, 1 running (cs stored), 2 done (en missing). */
export function gdprJob(step: 0 | 1 | 2, id = 'b3c1d2e4-0000-4000-8000-000000000001'): SourceImportJob {
  return {
    id,
    kind: 'import',
    status: step === 0 ? 'queued' : step === 1 ? 'running' : 'done',
    acts: [{ source: 'cellar', id: '32016R0679', act_id: '32016R0679', title: GDPR.title }],
    languages: ['cs', 'en'],
    items: [
      step === 0 ? item('cs', 'pending') : item('cs', 'stored', { status: 'created', document_id: STORED_DOCUMENT_ID }),
      step === 2 ? item('en', 'failed') : item('en', 'pending'),
    ],
    problems:
      step === 2
        ? [
            {
              source: 'cellar',
              act_id: '32016R0679',
              version_id: '32016R0679',
              language: 'en',
              reason: 'language_missing',
              message: 'no EN manifestation',
            },
          ]
        : [],
    error: null,
    created_by: null,
    created_at: '2026-11-25T10:00:00.000Z',
    started_at: step === 0 ? null : '2026-11-25T10:00:01.000Z',
    finished_at: step === 2 ? '2026-11-25T10:00:03.000Z' : null,
  };
}

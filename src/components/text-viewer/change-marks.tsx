// 'Mark changes': a reader toggle that marks in the margin the provisions changed against the
// previous version; a mark opens the change (the word-level diff in a popover, and the way to the
// whole comparison). The page provides the versions; the rows ask useChangeMark(nodeId).
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Button, Popover, Spinner, Switch, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ActorRefFrom } from 'xstate';
import type { Branch, Node } from '../../api/contract';
import { selectLang, type textLoadingMachine } from '../../machines/reader/text-loading.machine';
import { markChangesAtom } from '../../atoms/reader/reader-view.atoms';
import { useAtom } from '../../atoms/store';
import { wordDiff } from '../../lib/word-diff';
import { errorMessage } from '../../i18n/error-message';
import {
  changeMarksMachine,
  previousVersion,
  removedMarksAt,
  selectMarks,
  selectRemoved,
  selectMarksCount,
  selectMarksError,
  selectMarksLoading,
  type ChangeMark,
  type RemovedProvision,
} from '../../machines/reader/change-marks.machine';
import { DiffText } from '../comparison/diff-text';

interface ChangeMarksValue {
  on: boolean;
  setOn: (on: boolean) => void;
  /** Whether the version read has a previous one to compare with. */
  available: boolean;
  marks: ReadonlyMap<string, ChangeMark>;
  /** Removed provisions, by the node of the version read where they stood. */
  removedAt: ReadonlyMap<string, readonly RemovedProvision[]>;
  loading: boolean;
  count?: number;
  error?: string;
  retry: () => void;
  /** The comparison of the previous version with this one. */
  compareHref?: string;
}

const ChangeMarksContext = createContext<ChangeMarksValue | undefined>(undefined);
/** The bare context, for tests that give rows marks without versions. */
export const ChangeMarksValueProvider = ChangeMarksContext.Provider;

export interface ChangeMarksProviderProps {
  branches: readonly Branch[];
  /** The version chosen; undefined: main. */
  branchId?: string;
  /** The reading: the language compared is the one read. */
  text: ActorRefFrom<typeof textLoadingMachine>;
  /** The structure of the version read: where removed provisions stood. */
  nodes: readonly Node[];
  /** `{basePath}/documents/{idSlug}`: the comparison is under it. */
  detailHref: string;
  children: ReactNode;
}

export function ChangeMarksProvider({
  branches,
  text,
  nodes,
  detailHref,
  children,
  ...props
}: ChangeMarksProviderProps) {
  const intl = useIntl();
  // No version chosen: main is read (what the API serves without a choice).
  const branchId = props.branchId ?? branches.find((branch) => branch.kind === 'main')?.id;
  const lang = useSelector(text, selectLang);
  const [on, setOn] = useAtom(markChangesAtom);
  const previous = previousVersion(branches, branchId);
  const scope = { on, from: previous?.id, to: previous ? branchId : undefined, lang };
  const actor = useActorRef(changeMarksMachine, { input: scope });
  useEffect(
    () => actor.send({ type: 'marks.scope', ...scope }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope's fields are the dependencies
    [actor, scope.on, scope.from, scope.to, scope.lang],
  );
  const marks = useSelector(actor, selectMarks);
  const removed = useSelector(actor, selectRemoved);
  const removedAt = useMemo(() => removedMarksAt(removed, nodes), [removed, nodes]);
  const loading = useSelector(actor, selectMarksLoading);
  const count = useSelector(actor, selectMarksCount);
  const failure = useSelector(actor, selectMarksError);
  const value = useMemo<ChangeMarksValue>(
    () => ({
      on,
      setOn,
      available: previous !== undefined,
      marks,
      removedAt,
      loading,
      count,
      error: failure && errorMessage(intl, failure, 'comparison'),
      retry: () => actor.send({ type: 'marks.retry' }),
      compareHref:
        previous && branchId
          ? `${detailHref}/compare?${new URLSearchParams({ from: previous.id, to: branchId })}`
          : undefined,
    }),
    [on, setOn, previous, marks, removedAt, loading, count, failure, intl, actor, branchId, detailHref],
  );
  return <ChangeMarksContext.Provider value={value}>{children}</ChangeMarksContext.Provider>;
}

/** What the marks found, short enough for the one-row toolbar: a spinner while comparing, the count
 * as a badge (the sentence for screen readers and as its tooltip), or the failure cut short. */
function MarksStatus({ value }: { value: ChangeMarksValue }) {
  const intl = useIntl();
  const sentence = value.loading
    ? intl.formatMessage({ id: 'reader.marks.loading' })
    : (value.error ??
      (value.count !== undefined ? intl.formatMessage({ id: 'reader.marks.count' }, { count: value.count }) : ''));
  return (
    <Text size="2" className="reader-marks-status" aria-live="polite" title={sentence || undefined}>
      {value.loading ? (
        <Spinner size="1" />
      ) : value.error ? (
        <span aria-hidden>{value.error}</span>
      ) : (
        value.count !== undefined && (
          <Badge color="gray" variant="soft" radius="full" aria-hidden>
            {intl.formatNumber(value.count)}
          </Badge>
        )
      )}
      <VisuallyHidden>{sentence}</VisuallyHidden>
    </Text>
  );
}

/** The toolbar's 'Mark changes' switch, with what it found; nothing where there is no previous version. */
export function MarkChangesToggle() {
  const intl = useIntl();
  const value = useContext(ChangeMarksContext);
  if (!value?.available) return null;
  return (
    <span className="reader-marks">
      <Text as="label" size="2" className="reader-marks-toggle">
        <Switch size="1" checked={value.on} onCheckedChange={value.setOn} />
        {intl.formatMessage({ id: 'reader.marks.toggle' })}
      </Text>
      {value.on && <MarksStatus value={value} />}
      {value.on && value.error && (
        <Button size="1" variant="soft" color="red" onClick={value.retry}>
          {intl.formatMessage({ id: 'reader.retry' })}
        </Button>
      )}
    </span>
  );
}

/** The margin marks of a provision (when marks are on): its own change, and provisions removed where it stands. */
export function ChangeMarkButton({ nodeId, cite }: { nodeId: string; cite: string | null }) {
  const value = useContext(ChangeMarksContext);
  if (!value?.on) return null;
  const mark = value.marks.get(nodeId);
  const removed = value.removedAt.get(nodeId);
  return (
    <>
      {mark && <OwnChangeMark mark={mark} cite={cite} compareHref={value.compareHref} />}
      {removed && <RemovedMark removed={removed} compareHref={value.compareHref} below={Boolean(mark)} />}
    </>
  );
}

function OwnChangeMark({ mark, cite, compareHref }: { mark: ChangeMark; cite: string | null; compareHref?: string }) {
  const intl = useIntl();
  const name = mark.citation ?? cite ?? '';
  const kindLabel = intl.formatMessage({ id: `reader.marks.kind.${mark.kind}` }, { from: mark.movedFrom ?? '' });
  const title = name ? `${name}: ${kindLabel}` : kindLabel;
  return (
    <MarkPopover
      kind={mark.kind}
      label={intl.formatMessage({ id: 'reader.marks.open' }, { citation: name, label: kindLabel })}
      title={title}
      compareHref={compareHref}
    >
      {mark.kind === 'added' ? (
        <Text as="p" size="2" className="reader-change-added">
          {mark.after}
        </Text>
      ) : (
        <DiffText parts={wordDiff(mark.before, mark.after)} />
      )}
    </MarkPopover>
  );
}

/** Provisions the previous version had here and the version read no longer has: their old text, struck. */
function RemovedMark({
  removed,
  compareHref,
  below,
}: {
  removed: readonly RemovedProvision[];
  compareHref?: string;
  /** Beside the provision's own mark: set below it. */
  below: boolean;
}) {
  const intl = useIntl();
  const kindLabel = intl.formatMessage({ id: 'reader.marks.kind.removed' });
  const names = removed.map((item) => item.citation ?? item.path).join(', ');
  return (
    <MarkPopover
      kind="removed"
      below={below}
      label={intl.formatMessage({ id: 'reader.marks.open' }, { citation: names, label: kindLabel })}
      title={`${names}: ${kindLabel}`}
      compareHref={compareHref}
    >
      {removed.map((item) => (
        <Text as="p" size="2" key={item.path} className="reader-change-removed">
          {removed.length > 1 && <strong>{item.citation ?? item.path} </strong>}
          <del>{item.text}</del>
        </Text>
      ))}
    </MarkPopover>
  );
}

function MarkPopover({
  kind,
  below,
  label,
  title,
  compareHref,
  children,
}: {
  kind: string;
  below?: boolean;
  label: string;
  title: string;
  compareHref?: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Popover.Root>
      <Popover.Trigger>
        <button
          type="button"
          className="reader-change-mark"
          data-kind={kind}
          data-below={below || undefined}
          aria-label={label}
        />
      </Popover.Trigger>
      <Popover.Content size="2" maxWidth="min(560px, 92vw)" className="reader-change-popover" aria-label={title}>
        <Text as="p" size="2" weight="bold" mb="2">
          {title}
        </Text>
        {children}
        {compareHref && (
          <Text as="p" size="2" mt="3">
            <RouterLink href={`~${compareHref}`}>{intl.formatMessage({ id: 'reader.marks.compare' })}</RouterLink>
          </Text>
        )}
      </Popover.Content>
    </Popover.Root>
  );
}

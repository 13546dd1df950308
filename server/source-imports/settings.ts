// How this server reaches the official services (issue 16): their addresses, the timeout, whether
// it has no network at all, and the job limits; and the LawSource for each service name.
import type { LawSourceName } from '../../src/api/contract/source-imports.js';
import { CellarSource } from '../importers/sources/cellar.js';
import { EsbirkaSource } from '../importers/sources/esbirka.js';
import type { LawSource } from '../importers/sources/source.js';
import { SourceOfflineError } from '../importers/sources/source-errors.js';

export interface SourceSettings {
  /** CELLAR_URL (https://publications.europa.eu); the SPARQL endpoint is <url>/webapi/rdf/sparql. */
  cellarUrl: string;
  /** ESBIRKA_URL (https://www.e-sbirka.cz). */
  esbirkaUrl: string;
  /** SOURCES_OFFLINE: the server is known to have no network; every request fails at once. */
  offline: boolean;
  /** SOURCE_TIMEOUT_MS: one request's whole exchange. */
  timeoutMs: number;
  /** SOURCE_IMPORTS_MAX: jobs queued or running on the server at once. */
  maxRunningJobs: number;
  /** DATA_DIR: fetched files are cached in DATA_DIR/source-cache; none: nothing cached. */
  dataDir?: string;
  /** Named in the User-Agent. */
  publicUrl?: string;
  /** How often a running job writes its heartbeat. */
  heartbeatMs: number;
  /** A queued or running job without a heartbeat for this long belonged to an instance that stopped. */
  staleAfterMs: number;
}

export const JOB_TIMING = { heartbeatMs: 5_000, staleAfterMs: 60_000 } as const;

/** Without settings (tests that do not use the sources): no network, so nothing leaves the machine. */
export const NO_NETWORK: SourceSettings = {
  cellarUrl: 'https://publications.europa.eu',
  esbirkaUrl: 'https://www.e-sbirka.cz',
  offline: true,
  timeoutMs: 30_000,
  maxRunningJobs: 3,
  ...JOB_TIMING,
};

/** The service behind a name, as the settings say. */
export function lawSource(name: LawSourceName, settings: SourceSettings): LawSource {
  const client = { dataDir: settings.dataDir, publicUrl: settings.publicUrl, timeoutMs: settings.timeoutMs };
  if (name === 'cellar') {
    if (settings.offline) return offlineSource('cellar', 'CELLAR', settings.cellarUrl);
    return new CellarSource({ ...client, baseUrl: settings.cellarUrl });
  }
  if (settings.offline) return offlineSource('e-sbirka', 'e-Sbírka', settings.esbirkaUrl);
  return new EsbirkaSource({ ...client, baseUrl: settings.esbirkaUrl });
}

/** A service this server cannot reach: says so at once instead of waiting for a timeout. */
function offlineSource(name: string, service: string, url: string): LawSource {
  const refuse = () => Promise.reject(new SourceOfflineError(service, url, 'SOURCES_OFFLINE is set'));
  return { name, resolve: refuse, fetch: refuse };
}

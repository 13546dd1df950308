// The public account pages, each the shared resource page typed by what it loads.
import { call } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { resourcePage } from '../resource-page.machine';

/** /u/{username}: the key is the handle. */
export const userPageMachine = resourcePage((username, signal) =>
  call(routes.getPublicUser, { params: { username }, signal }),
);

/** /org/{slug}: the key is the slug. */
export const orgPageMachine = resourcePage((slug, signal) => call(routes.getPublicOrg, { params: { slug }, signal }));

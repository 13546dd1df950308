// /v1/orgs/...: the caller's organizations (paged), creating, renaming and deleting one, its
// members and invitations; /v1/org-invitations (the caller's); /v1/public/orgs/{slug}.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import {
  acceptInvitation,
  addMember,
  declineInvitation,
  deleteOrg,
  listMyInvitations,
  removeMember,
  updateMember,
  withdrawInvitation,
} from '../accounts/org-members.js';
import {
  createOrg,
  DEFAULT_ORG_LIMITS,
  getOrgForMember,
  getPublicOrg,
  listMyOrgs,
  renameOrg,
  type OrgLimits,
} from '../accounts/orgs.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';

export function registerOrgRoutes(app: FastifyInstance, db: Db, limits: Partial<OrgLimits> = {}) {
  const orgLimits: OrgLimits = { ...DEFAULT_ORG_LIMITS, ...limits };

  registerRoute(app, routes.listMyOrgs, async ({ user, query, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return listMyOrgs(db, user.id, query);
  });

  registerRoute(app, routes.createOrg, async ({ body, principal }) => createOrg(db, principal, body, orgLimits));

  registerRoute(app, routes.getOrg, async ({ params, principal, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return getOrgForMember(db, params.slug, principal);
  });

  registerRoute(app, routes.updateOrg, async ({ params, body, principal }) =>
    renameOrg(db, params.slug, principal, body),
  );

  registerRoute(app, routes.deleteOrg, async ({ params, principal }) => deleteOrg(db, params.slug, principal));

  registerRoute(app, routes.addOrgMember, async ({ params, body, principal }) =>
    addMember(db, params.slug, principal, body.username, body.role, orgLimits),
  );

  registerRoute(app, routes.withdrawOrgInvitation, async ({ params, principal }) =>
    withdrawInvitation(db, params.slug, principal, params.username),
  );

  registerRoute(app, routes.acceptOrgInvitation, async ({ params, principal }) =>
    acceptInvitation(db, params.slug, principal, params.username),
  );

  registerRoute(app, routes.declineOrgInvitation, async ({ params, principal }) =>
    declineInvitation(db, params.slug, principal, params.username),
  );

  registerRoute(app, routes.listMyOrgInvitations, async ({ principal, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return listMyInvitations(db, principal);
  });

  registerRoute(app, routes.updateOrgMember, async ({ params, body, principal }) =>
    updateMember(db, params.slug, principal, params.username, body.role),
  );

  registerRoute(app, routes.removeOrgMember, async ({ params, principal }) =>
    removeMember(db, params.slug, principal, params.username),
  );

  registerRoute(app, routes.getPublicOrg, async ({ params, reply }) => {
    reply.header('Cache-Control', 'no-cache');
    return getPublicOrg(db, params.slug);
  });
}

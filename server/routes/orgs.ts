// /v1/orgs/...: the caller's organizations and their members; /v1/public/orgs/{slug}.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import { addMember, removeMember, updateMember } from '../accounts/org-members.js';
import { createOrg, getOrgForMember, getPublicOrg, listMyOrgs } from '../accounts/orgs.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';

export function registerOrgRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listMyOrgs, async ({ user, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return { items: await listMyOrgs(db, user.id) };
  });

  registerRoute(app, routes.createOrg, async ({ body, user }) => createOrg(db, user.id, body));

  registerRoute(app, routes.getOrg, async ({ params, principal, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return getOrgForMember(db, params.slug, principal);
  });

  registerRoute(app, routes.addOrgMember, async ({ params, body, principal }) =>
    addMember(db, params.slug, principal, body.username, body.role),
  );

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

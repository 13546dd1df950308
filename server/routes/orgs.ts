// /v1/orgs/...: the caller's organizations and their members; /v1/public/orgs/{slug}.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import { addMember, removeMember, updateMember } from '../accounts/org-members.js';
import { createOrg, getOrgForMember, getPublicOrg, listMyOrgs } from '../accounts/orgs.js';
import { requireUser } from '../auth/request-user.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';

export function registerOrgRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listMyOrgs, async ({ request, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return { items: await listMyOrgs(db, requireUser(request).id) };
  });

  registerRoute(app, routes.createOrg, async ({ body, request }) => createOrg(db, requireUser(request).id, body));

  registerRoute(app, routes.getOrg, async ({ params, request, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return getOrgForMember(db, params.slug, requireUser(request).id);
  });

  registerRoute(app, routes.addOrgMember, async ({ params, body, request }) =>
    addMember(db, params.slug, requireUser(request).id, body.username, body.role),
  );

  registerRoute(app, routes.updateOrgMember, async ({ params, body, request }) =>
    updateMember(db, params.slug, requireUser(request).id, params.username, body.role),
  );

  registerRoute(app, routes.removeOrgMember, async ({ params, request }) =>
    removeMember(db, params.slug, requireUser(request).id, params.username),
  );

  registerRoute(app, routes.getPublicOrg, async ({ params, reply }) => {
    reply.header('Cache-Control', 'no-cache');
    return getPublicOrg(db, params.slug);
  });
}

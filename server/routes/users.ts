// /v1/users/{id}/...: the caller's ETag, handle and profile; /v1/public/users/{username}.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import { changeHandle } from '../accounts/handles.js';
import { getProfile, patchProfile } from '../accounts/profiles.js';
import { getPublicUser } from '../accounts/public-users.js';
import { currentUserEtag, requireIfMatch } from '../accounts/user-etag.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { authorize } from '../policies/authorize.js';
import { canEditUser } from '../policies/users.js';

/** Private answers are never stored by caches; the ETag lets the client send If-Match. */
const privateAnswer = (reply: FastifyReply, etag: string) =>
  reply.header('ETag', etag).header('Cache-Control', 'no-store');

export function registerUserRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.getUserEtag, async ({ params, principal, reply }) => {
    authorize(canEditUser(principal, params.id), 'That is another user');
    const etag = await currentUserEtag(db, params.id);
    privateAnswer(reply, etag);
    return { etag };
  });

  registerRoute(app, routes.patchHandle, async ({ params, body, principal, request, reply }) => {
    authorize(canEditUser(principal, params.id), 'That is another user');
    const answer = await changeHandle(db, params.id, body.username, requireIfMatch(request));
    privateAnswer(reply, answer.etag);
    return answer;
  });

  registerRoute(app, routes.getProfile, async ({ params, principal, reply }) => {
    authorize(canEditUser(principal, params.id), 'That is another user');
    const { profile, etag } = await getProfile(db, params.id);
    privateAnswer(reply, etag);
    return profile;
  });

  registerRoute(app, routes.patchProfile, async ({ params, body, principal, reply }) => {
    authorize(canEditUser(principal, params.id), 'That is another user');
    const { profile, etag } = await patchProfile(db, params.id, body);
    privateAnswer(reply, etag);
    return profile;
  });

  registerRoute(app, routes.getPublicUser, async ({ params, reply }) => {
    reply.header('Cache-Control', 'no-cache');
    return getPublicUser(db, params.username);
  });
}

// The contract shared by the web app and the server.
export * from './common';
export * from './documents';
export * from './languages';
export * from './search';
export * from './auth';
export * from './users';
export * from './orgs';
export * from './history';
export * from './copilot';
export * from './admin-imports';
export * from './source-imports';
export * from './notices';
export { routes, type RouteName, type RouteSpec } from './routes';
export { route, routePattern, needsCsrf } from './route';
export * from './errors';

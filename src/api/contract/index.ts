// The contract shared by the web app and the server.
export * from './common.js';
export * from './documents.js';
export * from './languages.js';
export * from './search.js';
export { routes, type RouteName, type RouteSpec } from './routes.js';

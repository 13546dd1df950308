// The contract shared by the web app and the server.
export * from './common';
export * from './documents';
export * from './languages';
export * from './search';
export { routes, type RouteName, type RouteSpec } from './routes';

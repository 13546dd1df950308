// Types for swagger-ui-react, which ships none: only the props the API Explorer passes.
declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';

  export interface SwaggerUIProps {
    url?: string;
    spec?: object;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
    displayRequestDuration?: boolean;
    filter?: boolean | string;
    requestInterceptor?: (request: { url: string; headers: Record<string, string> }) => unknown;
    onComplete?: () => void;
  }

  const SwaggerUI: ComponentType<SwaggerUIProps>;
  export default SwaggerUI;
}

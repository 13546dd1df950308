// The API Explorer itself: swagger-ui-react over the OpenAPI document. Loaded lazily (it is
// large), so this module and its CSS stay out of the first screen's JavaScript.
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import './swagger-explorer.css';

export default function SwaggerExplorer({ url }: { url: string }) {
  return (
    <div className="swagger-explorer">
      {/* deepLinking stays off: it would write operation ids into the address behind the router's back. */}
      <SwaggerUI
        url={url}
        docExpansion="list"
        defaultModelsExpandDepth={0}
        deepLinking={false}
        displayRequestDuration
      />
    </div>
  );
}

// The Trailhead storefront: a React shop for the seeded demo catalogue that the voice agent
// drives through the SDK's feature panels and the visitor's cart.
import { createSvcClient } from '@svc/sdk/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { readSettings } from './settings';
// The panels' stylesheet first, so that the shop's own rules (and its theme) come after it.
import '@svc/ui/styles.css';
import './shop.css';

const injected = (
  window as unknown as { SVC_STOREFRONT?: { apiUrl?: string; publication?: string } }
).SVC_STOREFRONT;
const settings = readSettings(location, injected);
const client = createSvcClient({ apiUrl: settings.apiUrl });
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App client={client} settings={settings} />
    </StrictMode>,
  );

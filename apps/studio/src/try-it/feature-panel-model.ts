// The try-it panel model lives in @svc/ui now (`panelContent`, `panelItem`, `pageToolsByFeature`,
// `PANEL_TITLES`); this re-export keeps `try-it-panel.tsx`'s import working until it imports
// `@svc/ui` itself, after which this file goes.
export type { PanelFeature } from '@svc/ui';

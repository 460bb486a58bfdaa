import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { tokenStore } from './auth/token-store';
import { StudioShell } from './shell';

// Every page is its own chunk (`.lazy`): the first load carries the shell and the page asked for,
// not the whole studio.
const rootRoute = createRootRoute({ component: Outlet });

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
}).lazy(() => import('./pages/sign-in').then((page) => page.Route));

/** The signed-in part: without a token every page sends the admin to sign in first. */
const studioRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_studio',
  beforeLoad: ({ location }) => {
    if (!tokenStore.getSnapshot()) {
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
  },
  component: StudioShell,
});

const homeRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/scenarios' });
  },
});

const dashboardRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/dashboard',
}).lazy(() => import('./pages/dashboard').then((page) => page.Route));

const applicationsRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/applications',
}).lazy(() => import('./pages/applications').then((page) => page.Route));

const scenariosRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/scenarios',
}).lazy(() => import('./pages/scenarios').then((page) => page.Route));

const scenarioRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/scenarios/$scenarioId',
}).lazy(() => import('./pages/scenario').then((page) => page.Route));

const collectionsRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/collections',
}).lazy(() => import('./pages/collections').then((page) => page.Route));

const collectionRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/collections/$collectionId',
}).lazy(() => import('./pages/collection').then((page) => page.Route));

const knowledgeRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/knowledge',
}).lazy(() => import('./pages/knowledge').then((page) => page.Route));

const conversationsRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/conversations',
}).lazy(() => import('./pages/conversations').then((page) => page.Route));

const conversationRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/conversations/$conversationId',
}).lazy(() => import('./pages/conversation').then((page) => page.Route));

const routeTree = rootRoute.addChildren([
  signInRoute,
  studioRoute.addChildren([
    homeRoute,
    dashboardRoute,
    applicationsRoute,
    scenariosRoute,
    scenarioRoute,
    collectionsRoute,
    collectionRoute,
    knowledgeRoute,
    conversationsRoute,
    conversationRoute,
  ]),
]);

/** The studio's router: code-based routes, each page loaded when first visited. */
export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

import { createBucketClient, refreshOnCartChange } from '@svc/sdk/buckets';
import type { SvcClient } from '@svc/sdk/client';
import type { Collection } from '@svc/sdk/content';
import { FeaturePanels, FeatureProvider, SvcProvider, useSvc } from '@svc/sdk/react';
import { createPanelRegistry } from '@svc/ui';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Assistant } from './assistant';
import { createCatalogue } from './catalogue';
import { useRoute, type Route } from './navigation';
import { CartPage } from './pages/cart-page';
import { CategoryPage } from './pages/category-page';
import { HomePage } from './pages/home-page';
import { ProductPage } from './pages/product-page';
import { SearchPage } from './pages/search-page';
import type { StorefrontSettings } from './settings';
import { SHOP_FEATURES, missingTools } from './shop-features';
import {
  categoriesOf,
  shopNavigation,
  ShopProvider,
  useCart,
  useShop,
  type Shop,
} from './shop-context';

/** The shop: one SDK client for the conversation, the catalogue and the cart. */
export function App(props: { client: SvcClient; settings: StorefrontSettings }) {
  return (
    <SvcProvider client={props.client}>
      <Storefront client={props.client} settings={props.settings} />
    </SvcProvider>
  );
}

function Storefront(props: { client: SvcClient; settings: StorefrontSettings }) {
  const { client, settings } = props;
  const { session } = useSvc();
  const [collection, setCollection] = useState<Collection | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const navigation = useMemo(() => shopNavigation(settings), [settings]);
  const catalogue = useMemo(
    () => createCatalogue(client, settings.publication),
    [client, settings.publication],
  );
  const buckets = useMemo(
    () => createBucketClient({ client, scenario: settings.publication }),
    [client, settings.publication],
  );
  const cart = useMemo(() => buckets.store('cart'), [buckets]);
  // The panels' item clicks open the product page; a panel names its collection, else the shop's.
  const shopCollection = useRef(collection);
  shopCollection.current = collection;
  // The panels speak the conversation's language (the French publication's, for one).
  const [language, setLanguage] = useState<string | undefined>(undefined);
  useEffect(
    () => session.on('config', () => setLanguage(session.config?.language ?? undefined)),
    [session],
  );
  const registry = useMemo(
    () =>
      createPanelRegistry(SHOP_FEATURES, {
        buckets,
        ...(language ? { locale: language } : {}),
        // A visitor typing to the assistant keeps typing: the focus stays in the composer.
        focusOnShow: false,
        onSelectItem(item, itemCollection) {
          const collectionId = itemCollection?.id ?? shopCollection.current?.id;
          if (collectionId !== undefined && item.id !== undefined)
            navigation.go({ page: 'product', collectionId, itemId: String(item.id) });
        },
      }),
    [buckets, navigation, language],
  );

  useEffect(() => {
    if (!settings.publication) return;
    const controller = new AbortController();
    catalogue.collections({ signal: controller.signal }).then(
      (collections) => setCollection(collections[0] ?? null),
      (error: unknown) =>
        !controller.signal.aborted &&
        setProblem(error instanceof Error ? error.message : String(error)),
    );
    cart.refresh().catch(() => undefined);
    return () => controller.abort();
  }, [catalogue, cart, settings.publication]);

  // The agent's cart tools change the API's bucket; the page's cart reads it again after each.
  useEffect(() => refreshOnCartChange(session, cart), [session, cart]);
  useEffect(
    () =>
      session.on('config', () => {
        const missing = missingTools(session.rawConfig?.features ?? []);
        if (missing.length > 0)
          console.warn(`storefront: no panel answers the page tools ${missing.join(', ')}`);
      }),
    [session],
  );

  const shop: Shop = { settings, catalogue, buckets, cart, collection, problem, ...navigation };
  return (
    <ShopProvider value={shop}>
      <FeatureProvider registry={registry} initialPosition="right">
        <Header />
        <div className="layout">
          <FeaturePanels mobileQuery="(max-width: 900px)">
            <main>
              {problem ? <p role="alert">The shop cannot read its catalogue: {problem}</p> : null}
              <Page />
            </main>
          </FeaturePanels>
          <Assistant />
        </div>
      </FeatureProvider>
    </ShopProvider>
  );
}

function Link(props: { to: Route; children: ReactNode; className?: string }) {
  const { go, href } = useShop();
  return (
    <a
      href={href(props.to)}
      className={props.className}
      onClick={(event) => {
        event.preventDefault();
        go(props.to);
      }}
    >
      {props.children}
    </a>
  );
}

function Header() {
  const { collection, go } = useShop();
  const cart = useCart();
  const [query, setQuery] = useState('');
  return (
    <header className="shop-header">
      <Link to={{ page: 'home' }} className="logo">
        Trailhead
      </Link>
      <nav aria-label="Categories">
        {categoriesOf(collection).map((category) => (
          <Link key={category.value} to={{ page: 'category', category: category.value }}>
            {category.label}
          </Link>
        ))}
      </nav>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (query.trim()) go({ page: 'search', query: query.trim() });
        }}
      >
        <input
          aria-label="Search the shop"
          placeholder="Search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      <Link to={{ page: 'cart' }} className="cart-link">
        Cart <span id="cart-count">{cart.bucket?.total_quantity ?? 0}</span>
      </Link>
    </header>
  );
}

function Page() {
  const route = useRoute();
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'category':
      return <CategoryPage category={route.category} />;
    case 'product':
      return <ProductPage collectionId={route.collectionId} itemId={route.itemId} />;
    case 'search':
      return <SearchPage query={route.query} />;
    case 'cart':
      return <CartPage />;
    default:
      return <p>There is no such page.</p>;
  }
}

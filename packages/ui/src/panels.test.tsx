// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPanel } from './cart-panel.js';
import { ComparisonPanel } from './comparison-panel.js';
import { EndCard } from './end-card.js';
import { ItemCard } from './item-card.js';
import { ItemPanel } from './item-panel.js';
import { bucketData, comparisonData, itemData, searchResultsData } from './panel-data.js';
import { SearchResultsPanel } from './search-results-panel.js';
import {
  COMPARE_ARGS,
  DEMO_COLLECTION,
  DISPLAY_ARGS,
  RIDGE,
  SEARCH_ARGS,
  demoBucket,
} from './test-demo.js';

afterEach(cleanup);

describe('SearchResultsPanel', () => {
  it("draws the demo's results as product cards, the filters as chips and the note", () => {
    const data = searchResultsData(SEARCH_ARGS);
    const onSelectItem = vi.fn();
    render(
      <SearchResultsPanel
        {...data}
        collection={DEMO_COLLECTION}
        locale="en-US"
        onSelectItem={onSelectItem}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Results for “tent”' });
    expect(within(panel).getByText('2 items')).toBeTruthy();
    const chips = within(screen.getByRole('list', { name: 'Filters' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'Category: Tents',
      'Price up to 400',
      'Waterproof',
    ]);
    expect(within(panel).getByText(/Nothing matched every filter/)).toBeTruthy();
    const cards = panel.querySelectorAll('article.svc-card--product');
    expect([...cards].map((card) => card.getAttribute('data-item-id'))).toEqual([
      'TENT-1',
      'TENT-2',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('North Peak · green')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('$249.99')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Summit 3 Tent' }));
    expect(onSelectItem).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'TENT-2', name: 'Summit 3 Tent' }),
      DEMO_COLLECTION,
    );
  });

  it('says when nothing was found; without a collection, cards are generic', () => {
    const { rerender } = render(<SearchResultsPanel items={[]} query="yurt" />);
    expect(screen.getByText('Nothing found.')).toBeTruthy();
    expect(screen.getByText('0 items')).toBeTruthy();
    rerender(<SearchResultsPanel items={[{ id: 'a', name: 'Lamp', watts: 5 }]} />);
    const card = screen.getByRole('article');
    expect(card.className).toContain('svc-card--generic');
    expect(within(card).getByRole('heading', { name: 'Lamp' })).toBeTruthy();
    expect(within(card).getByText('watts').nextElementSibling?.textContent).toBe('5');
  });

  it('renders hostile item data as text: no markup, no script address, no prototype fields', () => {
    const hostile = {
      id: 'x<b>',
      name: '<img src=x onerror="globalThis.pwned=1">',
      brand: '{{constructor}}',
      color: '<script>globalThis.pwned=1</script>',
      description: '"><svg onload=alert(1)>',
      image: 'javascript:alert(1)',
    };
    const view = {
      template: 'product-card',
      mapping: {
        title: '{{name}}',
        subtitle: '{{brand}} {{__proto__}} {{constructor.name}}',
        body: '{{description}}',
        image: '{{image}}',
      },
    };
    const { container } = render(
      <SearchResultsPanel
        items={[hostile, { id: 'y', name: 'ok', image: 'https://cdn.example.com/y.jpg' }]}
        collection={{ ...DEMO_COLLECTION, view }}
      />,
    );
    expect(container.querySelector('script, svg, a')).toBeNull();
    // The one image is the http(s) one; the `javascript:` address became nothing.
    expect(
      [...container.querySelectorAll('img')].map((image) => image.getAttribute('src')),
    ).toEqual(['https://cdn.example.com/y.jpg']);
    expect(container.querySelector('[onerror], [onload]')).toBeNull();
    expect(screen.getByRole('heading', { name: hostile.name })).toBeTruthy();
    expect(screen.getByText(hostile.description)).toBeTruthy();
    // `{{constructor}}` is the item's own text field here; the template's prototype names are empty.
    expect(screen.getByText('{{constructor}}')).toBeTruthy();
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });

  it('moves the focus to its heading when shown, and again when shown anew', () => {
    const data = searchResultsData(SEARCH_ARGS);
    const { rerender } = render(
      <>
        <input aria-label="chat" />
        <SearchResultsPanel {...data} collection={DEMO_COLLECTION} showKey="r1" />
      </>,
    );
    const heading = screen.getByRole('heading', { level: 2 });
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
    screen.getByRole('textbox', { name: 'chat' }).focus();
    rerender(
      <>
        <input aria-label="chat" />
        <SearchResultsPanel {...data} collection={DEMO_COLLECTION} showKey="r1" note="same" />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'chat' }));
    rerender(
      <>
        <input aria-label="chat" />
        <SearchResultsPanel {...data} collection={DEMO_COLLECTION} showKey="r2" />
      </>,
    );
    expect(document.activeElement).toBe(heading);
  });

  it('leaves the focus alone with focusOnShow false, and speaks the strings it is given', () => {
    render(
      <SearchResultsPanel
        items={[]}
        focusOnShow={false}
        strings={{ searchTitle: 'Résultats', searchEmpty: 'Rien trouvé.' }}
      />,
    );
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('region', { name: 'Résultats' })).toBeTruthy();
    expect(screen.getByText('Rien trouvé.')).toBeTruthy();
  });
});

describe('ItemPanel', () => {
  it("shows the demo item through the collection's view, then its other fields", () => {
    const data = itemData(DISPLAY_ARGS);
    render(<ItemPanel {...data} collection={DEMO_COLLECTION} locale="en-US" />);
    const panel = screen.getByRole('region', { name: 'Ridge 2 Tent' });
    expect(within(panel).getByText('$249.99')).toBeTruthy();
    expect(within(panel).getByText('A two-person tent for windy ridges.')).toBeTruthy();
    const details = within(panel).getByRole('heading', { name: 'Details' }).nextElementSibling!;
    expect(
      within(details as HTMLElement).getByText('Weight (g)').nextElementSibling?.textContent,
    ).toBe('2,100');
    // Named as the collection's filter fields, yes or no; the fields the view shows not again.
    expect(
      within(details as HTMLElement).getByText('Waterproof').nextElementSibling?.textContent,
    ).toBe('Yes');
    expect(within(details as HTMLElement).queryByText('brand')).toBeNull();
    expect(within(details as HTMLElement).queryByText('price')).toBeNull();
  });

  it("uses the API's rendered view when it has no collection", () => {
    render(<ItemPanel {...itemData(DISPLAY_ARGS)} />);
    expect(screen.getByRole('region', { name: 'Ridge 2 Tent' })).toBeTruthy();
    expect(screen.getByText('249.99 USD')).toBeTruthy();
  });
});

describe('ComparisonPanel', () => {
  it('is a table with the items as columns and the fields as rows', () => {
    render(
      <ComparisonPanel
        {...comparisonData(COMPARE_ARGS)}
        collection={DEMO_COLLECTION}
        locale="en-US"
      />,
    );
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Field', 'Ridge 2 Tent', 'Summit 3 Tent']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Category', 'tents', 'tents'],
      ['Price', '$249.99', '$389.99'],
      ['Waterproof', 'Yes', 'No'],
      ['Weight (g)', '2,100', '–'],
    ]);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(4);
  });
});

describe('CartPanel without a bucket client', () => {
  it("shows the agent's cart read-only, with prices and totals", () => {
    const bucket = bucketData({
      result: demoBucket([
        { id: 'TENT-1', quantity: 2 },
        { id: 'GONE', quantity: 1, data: null },
      ]),
    });
    render(<CartPanel bucket={bucket} collections={[DEMO_COLLECTION]} locale="en-US" />);
    const panel = screen.getByRole('region', { name: 'Cart' });
    expect(within(panel).getByText('3 items')).toBeTruthy();
    expect(within(panel).getByText('Ridge 2 Tent')).toBeTruthy();
    expect(within(panel).getByText('$499.98')).toBeTruthy();
    expect(within(panel).getByText('Item GONE (no longer available)')).toBeTruthy();
    expect(within(panel).getByLabelText('Quantity of Ridge 2 Tent').textContent).toBe('× 2');
    expect(within(panel).queryByRole('button')).toBeNull();
    // A deleted item has no price, so the cart has no total price.
    expect(within(panel).queryByText(/^Total/)).toBeNull();
  });

  it('prices the total when every line has a price, and says when the cart is empty', () => {
    const { rerender } = render(
      <CartPanel
        bucket={demoBucket([
          { id: 'TENT-1', quantity: 1 },
          { id: 'TENT-2', quantity: 1 },
        ])}
        collections={[DEMO_COLLECTION]}
        locale="en-US"
      />,
    );
    expect(screen.getByText('Total $639.98')).toBeTruthy();
    rerender(<CartPanel bucket={demoBucket([])} />);
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
  });
});

describe('ItemCard and EndCard', () => {
  it('an item card with a generic template for an unknown template name', () => {
    render(
      <ItemCard
        item={{ id: 'TENT-1', ...RIDGE }}
        collection={{
          ...DEMO_COLLECTION,
          view: { template: 'poster', mapping: { title: '{{name}}', hue: '{{color}}' } },
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ridge 2 Tent' })).toBeTruthy();
    expect(screen.getByText('hue').nextElementSibling?.textContent).toBe('green');
  });

  it('says why the conversation ended and offers a new one', () => {
    const onRestart = vi.fn();
    const { rerender } = render(<EndCard reason="user_requested" onRestart={onRestart} />);
    const card = screen.getByRole('region', { name: 'Conversation ended' });
    expect(document.activeElement).toBe(within(card).getByRole('heading'));
    expect(within(card).getByText('You ended the conversation.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Start a new conversation' }));
    expect(onRestart).toHaveBeenCalledOnce();
    rerender(<EndCard reason="constructor" />);
    expect(screen.getByText('Thank you for the conversation.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('in the visitor’s language', () => {
  it('a French cart: French texts, prices and quantities as French writes them', () => {
    render(
      <CartPanel
        bucket={demoBucket([
          { id: 'TENT-1', quantity: 1 },
          { id: 'TENT-2', quantity: 1 },
        ])}
        collections={[DEMO_COLLECTION]}
        locale="fr-FR"
      />,
    );
    const panel = screen.getByRole('region', { name: 'Panier' });
    expect(within(panel).getByText('2 articles')).toBeTruthy();
    // Intl writes no-break spaces; Testing Library reads every space as a plain one.
    expect(within(panel).getByText('249,99 $US')).toBeTruthy();
    expect(within(panel).getByText('Total : 639,98 $US')).toBeTruthy();
  });

  it('German search results with the count, filters and an empty result in German', () => {
    const data = searchResultsData(SEARCH_ARGS);
    const { rerender } = render(
      <SearchResultsPanel {...data} collection={DEMO_COLLECTION} locale="de-DE" />,
    );
    const panel = screen.getByRole('region', { name: 'Ergebnisse für „tent“' });
    expect(within(panel).getByText('2 Ergebnisse')).toBeTruthy();
    expect(within(panel).getByText('Price bis 400')).toBeTruthy();
    rerender(<SearchResultsPanel items={[]} locale="de-DE" />);
    expect(screen.getByText('Nichts gefunden.')).toBeTruthy();
    expect(screen.getByText('0 Ergebnisse')).toBeTruthy();
  });

  it('a Spanish item: yes and no and an ISO date in Spanish', () => {
    render(
      <ItemPanel
        item={{ id: 'TENT-1', name: 'Ridge 2', in_stock: true, restocked: '2026-05-01' }}
        locale="es-ES"
      />,
    );
    expect(screen.getByText('Detalles')).toBeTruthy();
    expect(screen.getByText('Sí')).toBeTruthy();
    expect(screen.getByText('1 may 2026')).toBeTruthy();
  });

  it('the end card in German, with the end time as German writes it', () => {
    const endedAt = '2026-05-01T14:05:00.000Z';
    render(<EndCard reason="user_requested" endedAt={endedAt} onRestart={() => {}} locale="de" />);
    const card = screen.getByRole('region', { name: 'Gespräch beendet' });
    expect(within(card).getByText('Sie haben das Gespräch beendet.')).toBeTruthy();
    const time = new Intl.DateTimeFormat('de', { timeStyle: 'short' }).format(Date.parse(endedAt));
    expect(within(card).getByText(`Beendet um ${time}`).getAttribute('datetime')).toBe(endedAt);
    expect(within(card).getByRole('button', { name: 'Neues Gespräch beginnen' })).toBeTruthy();
  });

  it('a page’s own texts win over the language’s', () => {
    render(<CartPanel bucket={demoBucket([])} locale="fr" strings={{ cartTitle: 'Mon sac' }} />);
    expect(screen.getByRole('region', { name: 'Mon sac' })).toBeTruthy();
    expect(screen.getByText('Votre panier est vide.')).toBeTruthy();
  });
});

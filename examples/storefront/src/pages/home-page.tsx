import { categoriesOf, useShop } from '../shop-context';

/** The shop's front page: what Trailhead sells, by category, and how to ask the assistant. */
export function HomePage() {
  const { collection, go, href } = useShop();
  return (
    <>
      <section className="hero">
        <h1>Gear for the trail</h1>
        <p>
          Tents, boots, packs and everything for a night outside. Browse the shop, or press{' '}
          <strong>Talk</strong> and ask the assistant: “do you have tents?”
        </p>
      </section>
      <h2>Shop by category</h2>
      <ul className="categories">
        {categoriesOf(collection).map((category) => {
          const route = { page: 'category', category: category.value } as const;
          return (
            <li key={category.value} className={`category category-${category.value}`}>
              <a
                href={href(route)}
                onClick={(event) => {
                  event.preventDefault();
                  go(route);
                }}
              >
                {category.label}
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}

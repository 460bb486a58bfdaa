// The roles a business would declare for a frozen evaluation catalogue in the Studio's collection
// editor, applied when the evaluation creates the collection through the admin API. A separate
// authoring step, so the frozen file stays as it was written: the declarations are read from the
// catalogue's schema alone (its filter fields' names and types), never from a set's utterances.
import type { FieldRole } from '@svc/protocol';

/** A role (and unit) declared for a filter field, by its `filter_key`. */
type Declarations = Record<string, { role: FieldRole; unit?: string }>;

/** Per catalogue file of `sets/catalogues/`, the roles of its filter fields. */
export const CATALOGUE_ROLES: Readonly<Record<string, Declarations>> = {
  // Screen size, battery hours and storage have no role of the closed list; the file says no
  // currency, so the price declares none.
  'electronics.json': {
    category: { role: 'category' },
    brand: { role: 'brand' },
    color: { role: 'colour' },
    price: { role: 'price' },
  },
};

/** The collection of a catalogue file with the roles its author declares added to its fields. */
export function withDeclaredRoles(
  file: string,
  collection: Record<string, unknown>,
): Record<string, unknown> {
  const declared = CATALOGUE_ROLES[file] ?? {};
  const fields = (collection.filter_fields ?? []) as { filter_key: string }[];
  return {
    ...collection,
    filter_fields: fields.map((field) => ({ ...field, ...declared[field.filter_key] })),
  };
}

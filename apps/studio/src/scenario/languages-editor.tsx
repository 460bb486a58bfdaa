import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { FieldErrors } from '../schema-form/schema-model';

/** A scenario's prompt and first message in one more language. */
interface Translation {
  prompt?: string;
  first_message?: string;
}

/** The draft fields this editor reads and writes. */
interface LanguageFields {
  language?: string;
  prompt?: string;
  first_message?: string;
  translations?: Record<string, Translation>;
}

/** The same rule as the API's: a BCP-47 tag such as `fr-FR`. */
const TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Languages offered first: those the embedded stack is built for, then common ones. */
const SUGGESTED = ['en-US', 'fr-FR', 'es-ES', 'de-DE', 'it-IT', 'pt-BR', 'nl-NL', 'en-GB'];

/**
 * The languages a scenario serves, as the session route matches them: its own first, then those
 * it has a translation for. Tags are compared without regard to case.
 */
export function servedLanguages(draft: unknown): string[] {
  const { language = 'en-US', translations = {} } = (draft ?? {}) as LanguageFields;
  const served: string[] = [];
  for (const tag of [language, ...Object.keys(translations)]) {
    if (!served.some((known) => known.toLowerCase() === tag.toLowerCase())) served.push(tag);
  }
  return served;
}

/**
 * The scenario's languages: which it serves (a visitor's session may ask for these and no other),
 * and its prompt and first message in each language besides its own. A field left empty falls back
 * to the scenario's own.
 */
export function LanguagesEditor({
  draft,
  onChange,
  errors,
}: {
  draft: unknown;
  onChange: (next: unknown) => void;
  errors: FieldErrors;
}) {
  const fields = (draft ?? {}) as LanguageFields;
  const translations = fields.translations ?? {};
  const served = servedLanguages(draft);
  const [adding, setAdding] = useState('');
  const candidate = adding.trim();
  const problem =
    candidate === ''
      ? undefined
      : !TAG.test(candidate)
        ? 'A BCP-47 tag such as fr-FR'
        : served.some((tag) => tag.toLowerCase() === candidate.toLowerCase())
          ? 'Already served'
          : undefined;

  const setTranslations = (next: Record<string, Translation>) =>
    onChange({ ...(draft as object), translations: next });
  const setField = (tag: string, field: keyof Translation, value: string) => {
    const { [field]: _dropped, ...rest } = translations[tag] ?? {};
    // An empty field is left out, so the scenario's own applies.
    setTranslations({ ...translations, [tag]: value === '' ? rest : { ...rest, [field]: value } });
  };
  const add = () => {
    if (candidate === '' || problem) return;
    setTranslations({ ...translations, [candidate]: {} });
    setAdding('');
  };
  const remove = (tag: string) => {
    const { [tag]: _removed, ...rest } = translations;
    setTranslations(rest);
  };
  const translationErrors = Object.entries(errors)
    .filter(([path]) => path === 'translations' || path.startsWith('translations.'))
    .map(([, message]) => message);

  return (
    <Stack>
      <div>
        <Text size="sm" fw={500} id="served-languages">
          Languages this scenario serves
        </Text>
        <Group gap="xs" mt={4} role="list" aria-labelledby="served-languages">
          {served.map((tag, index) => (
            <Badge key={tag} role="listitem" variant={index === 0 ? 'filled' : 'light'}>
              {index === 0 ? `${tag} (its own)` : tag}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          A session may ask for one of these (a regional tag such as fr-CA gets fr-FR); any other
          language is refused when the session starts. Change the scenario&apos;s own language under
          Basics.
        </Text>
      </div>
      {translationErrors.map((message) => (
        <Text key={message} c="red" size="sm" role="alert">
          {message}
        </Text>
      ))}
      {Object.entries(translations).map(([tag, translation]) => (
        <Card key={tag} withBorder padding="sm">
          <Group justify="space-between" mb="xs">
            <Title order={4}>{tag}</Title>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${tag}`}
              onClick={() => remove(tag)}
            >
              ×
            </ActionIcon>
          </Group>
          <Stack gap="xs">
            <Textarea
              label={`Prompt in ${tag}`}
              description="Empty: the scenario's own prompt"
              rows={4}
              value={translation.prompt ?? ''}
              placeholder={fields.prompt}
              onChange={(event) => setField(tag, 'prompt', event.currentTarget.value)}
              error={errors[`translations.${tag}.prompt`]}
            />
            <Textarea
              label={`First message in ${tag}`}
              description="Empty: the scenario's own first message"
              rows={2}
              value={translation.first_message ?? ''}
              placeholder={fields.first_message}
              onChange={(event) => setField(tag, 'first_message', event.currentTarget.value)}
              error={errors[`translations.${tag}.first_message`]}
            />
          </Stack>
        </Card>
      ))}
      <Group align="flex-end">
        <Autocomplete
          label="Add a language"
          placeholder="fr-FR"
          data={SUGGESTED.filter(
            (tag) => !served.some((known) => known.toLowerCase() === tag.toLowerCase()),
          )}
          value={adding}
          onChange={setAdding}
          error={problem}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="default" onClick={add} disabled={candidate === '' || !!problem}>
          Add
        </Button>
      </Group>
    </Stack>
  );
}

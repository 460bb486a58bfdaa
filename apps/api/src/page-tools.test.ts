import { FEATURE_TYPES } from '@svc/protocol';
import { PAGE_TOOL_LIMITS } from '@svc/protocol/agent';
import { beforeAll, expect, it } from 'vitest';
import { adminCaller, adminToken, describeOnBothDialects } from './test-harness.js';

// The page-tools feature type through the admin routes, on SQLite and PostgreSQL: a business's own
// page actions are saved with what the model and the page need, and a tool either could not use is
// refused with the path of the problem.

/** A booking tool as a receptionist's page offers it. */
const bookVisit = {
  name: 'book_visit',
  type: 'frontend',
  description: 'Book a visit for the visitor once they gave a service, a day and a time.',
  parameters: {
    type: 'object',
    properties: {
      service: { type: 'string', enum: ['haircut', 'colour'] },
      date: { type: 'string', format: 'date' },
      time: { type: 'string', description: 'HH:MM' },
    },
    required: ['service', 'date', 'time'],
    additionalProperties: false,
  },
  frontend_method: 'agenda_book',
  rpc_timeout_s: 5,
};
const pageTools = (tools: object[]) => ({
  name: 'Front desk',
  type: FEATURE_TYPES.PAGE_TOOLS_CUSTOM,
  tools,
});

describeOnBothDialects('page tools', (harness) => {
  const call = adminCaller(() => harness().app);
  let token: string;
  beforeAll(async () => {
    token = await adminToken(harness().app);
  });
  const create = (tools: object[]) =>
    call('POST', '/scenarios', token, {
      application_id: harness().fixture.applicationId,
      name: 'Receptionist',
      features: [pageTools(tools)],
    });

  it('are a feature type of the catalog, with no tools of its own', async () => {
    const catalog = await call('GET', '/feature-catalog', token);
    expect(catalog.body.features).toContainEqual(
      expect.objectContaining({ type: 'page:tools:custom', title: 'Page tools', tools: [] }),
    );
  });

  it('are saved as written, their operation declared custom, and read back', async () => {
    const created = await create([
      bookVisit,
      { ...bookVisit, name: 'cancel_visit', frontend_method: undefined },
    ]);
    expect(created.status).toBe(201);
    const read = await call('GET', `/scenarios/${created.body.id}`, token);
    expect(read.body.features).toEqual([
      {
        ...pageTools([]),
        settings: {},
        tools: [
          { ...bookVisit, settings: { operation: 'custom' } },
          {
            ...bookVisit,
            name: 'cancel_visit',
            frontend_method: undefined,
            settings: { operation: 'custom' },
          },
        ].map((tool) => JSON.parse(JSON.stringify(tool)) as unknown),
      },
    ]);
  });

  it('refuses an argument schema the models cannot follow, naming the path of the problem', async () => {
    const answer = await create([
      {
        ...bookVisit,
        parameters: {
          type: 'object',
          properties: { date: { type: 'datetime' }, time: { type: 'string' } },
        },
      },
    ]);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatch(
      /^features\[0\]\.tools\[0\]\.parameters\.properties\.date\.type: must be one of string, /,
    );
    const unfollowed = await create([
      { ...bookVisit, parameters: { type: 'object', properties: { slot: { $ref: '#/slot' } } } },
    ]);
    expect(unfollowed.body).toEqual({
      error:
        'features[0].tools[0].parameters.properties.slot.$ref: is not a keyword the agent follows',
    });
    const required = await create([
      { ...bookVisit, parameters: { ...bookVisit.parameters, required: ['name'] } },
    ]);
    expect(required.body).toEqual({
      error:
        'features[0].tools[0].parameters.required: names name, which is not among the properties',
    });
  });

  it('refuses what the model or the page could not use: 422 naming the field', async () => {
    const cases: [object[], string][] = [
      [[], 'features[0].tools: must hold at least one tool the page runs'],
      [
        [{ ...bookVisit, description: undefined }],
        'features[0].tools[0].description: is required: the model reads it to know when to call the tool',
      ],
      [
        [{ ...bookVisit, parameters: undefined }],
        'features[0].tools[0].parameters: is required: a JSON Schema of the arguments (an object without properties takes none)',
      ],
      [
        [{ ...bookVisit, type: 'server' }],
        'features[0].tools[0].type: must be frontend: the page runs it',
      ],
      [
        [{ ...bookVisit, rpc_timeout_s: PAGE_TOOL_LIMITS.MAX_TIMEOUT_S + 1 }],
        'features[0].tools[0].rpc_timeout_s: must be between 0.5 and 30 seconds',
      ],
      [
        [{ ...bookVisit, settings: { operation: 'cart_add' } }],
        'features[0].tools[0].settings.operation: must be custom: the page decides what the tool does',
      ],
      [
        [bookVisit, { ...bookVisit, name: 'move_visit' }],
        'features[0].tools[1].frontend_method: agenda_book is the page method of another tool',
      ],
    ];
    for (const [tools, error] of cases) {
      const answer = await create(tools);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 422,
        body: { error },
      });
    }
  });

  it('refuses a change that breaks a saved page tool, and keeps what was saved', async () => {
    const created = await create([bookVisit]);
    const patched = await call('PATCH', `/scenarios/${created.body.id}`, token, {
      features: [pageTools([{ ...bookVisit, parameters: { type: 'array' } }])],
    });
    expect(patched).toEqual({
      status: 422,
      body: {
        error: 'features[0].tools[0].parameters.type: must be "object": the arguments are named',
      },
    });
    const read = await call('GET', `/scenarios/${created.body.id}`, token);
    expect(read.body.features[0].tools[0].parameters).toEqual(bookVisit.parameters);
  });
});

// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Transcript, type StoredMessage } from './transcript';

afterEach(cleanup);

const message = (seq: number, partial: Partial<StoredMessage>): StoredMessage => ({
  seq,
  id: `m-${seq}`,
  role: 'assistant',
  content: 'Done.',
  timestamp: '2026-11-28T10:00:00.000Z',
  ...partial,
});

describe('Transcript', () => {
  it('shows who decided each reply: the rule of the router, or the model', () => {
    render(
      <MantineProvider>
        <Transcript
          messages={[
            message(1, { role: 'user', content: 'take the lamp out' }),
            message(2, { content: 'I removed it from your cart.', route: 'cart.remove' }),
            message(3, { role: 'user', content: 'is it good for rain?' }),
            message(4, { content: 'It is waterproof.', route: 'model' }),
          ]}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('router: cart.remove')).toBeTruthy();
    expect(screen.getByText('model')).toBeTruthy();
  });
});

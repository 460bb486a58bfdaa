import '@mantine/core/styles.css';
import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/errors';
import { router } from './router';

// Mantine's default shades fall short of WCAG AA contrast (4.5:1) on white: filled blue (shade 6),
// dimmed gray, and the text of light badges and the active link. Darker shades, and black or white
// text picked by contrast on filled colors, pass; axe checks it in the browser test. Two fall short
// even so: a field's error text (red 6) and yellow's light text (shade 9 reaches 2.7:1 on yellow's
// light background, the "copy the key now" alerts): red 9 and a dark amber pass.
const theme = createTheme({ primaryShade: 8, autoContrast: true });
const COLORS = [
  'blue',
  'green',
  'teal',
  'grape',
  'orange',
  'yellow',
  'red',
  'gray',
  'cyan',
  'pink',
];
const contrast: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      COLORS.map((color) => [
        `--mantine-color-${color}-light-color`,
        `var(--mantine-color-${color}-9)`,
      ]),
    ),
    '--mantine-color-yellow-light-color': '#8a5300',
  },
  dark: {},
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a dropped connection might.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      staleTime: 10_000,
    },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={contrast}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

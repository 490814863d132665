import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A calm petrol blue: shade 7 on white and shade 5 on dark grey keep text contrast above 4.5:1 outdoors. */
const fleet: MantineColorsTuple = [
  '#e7f2fa',
  '#cfe2f1',
  '#a1c4e2',
  '#6fa5d3',
  '#478ac6',
  '#2e78bd',
  '#1f6cb8',
  '#115aa2',
  '#064f91',
  '#004480',
];

export const theme = createTheme({
  primaryColor: 'fleet',
  primaryShade: { light: 7, dark: 5 },
  colors: { fleet },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  components: {
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
  },
});

import {
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

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

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'fleet',
  primaryShade: { light: 7, dark: 5 },
  colors: { fleet },
  // Text on a filled badge or button is black or white, whichever has more contrast on that colour
  // (0.18 is the luminance where both are equal): white on Mantine's green or yellow is unreadable.
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: FONT,
  headings: { fontFamily: FONT, fontWeight: '650' },
  components: {
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    // Without the invisible focus placeholder a menu holds only its items, as a screen reader expects;
    // opened from the keyboard, focus lands on the first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * The outdoor theme: light, with black text, darker accents and borders, and every size of type one step
 * up, for a tablet in direct sunlight read at arm's length (the field screens use the theme's sizes).
 */
export const outdoorTheme = mergeThemeOverrides(
  theme,
  createTheme({
    primaryShade: { light: 8, dark: 5 },
    black: '#000000',
    fontSizes: { xs: '0.875rem', sm: '1rem', md: '1.125rem', lg: '1.25rem', xl: '1.4rem' },
    lineHeights: { xs: '1.45', sm: '1.5', md: '1.55', lg: '1.55', xl: '1.6' },
  }),
);

/**
 * A dialog or drawer whose own code names no close button still has a named one (an icon-only button
 * is silent to a screen reader otherwise); a name given where the dialog is used wins.
 */
export function withCloseLabel(base: MantineThemeOverride, label: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': label };
  return mergeThemeOverrides(base, {
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
    },
  });
}

/** Colours whose shade 9 reads at 4.5:1 or more on white and on their own light tint. */
const ACCENTS = ['red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan'];
/**
 * Colours whose every shade falls under 4.5:1 as text on white or on their light tint (green 3.8,
 * yellow 2.7): a darker tone of each, 5.2:1 or more on both.
 */
const DEEP: Record<string, string> = {
  teal: '#06684a',
  green: '#1e6b2f',
  lime: '#4a6b00',
  yellow: '#7a4a00',
  orange: '#a33a00',
};

/** Status text (`c="green"`) and tinted badges in the light schemes. */
function lightTextColours(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const colour of ACCENTS)
    variables[`--mantine-color-${colour}-text`] = `var(--mantine-color-${colour}-9)`;
  for (const [colour, value] of Object.entries(DEEP)) {
    variables[`--mantine-color-${colour}-text`] = value;
    variables[`--mantine-color-${colour}-light-color`] = value;
  }
  return variables;
}

/**
 * Contrast of the shared colours: helper ("dimmed") text, status text and tinted badges reach 4.5:1 and
 * borders of inputs 3:1 on their backgrounds; the outdoor theme goes further, to near black.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-fleet-8)',
    ...lightTextColours(),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-disabled-color': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-fleet-3)',
  },
});

export const outdoorCssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-text': '#000000',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-default-border': 'var(--mantine-color-gray-7)',
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-8)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-fleet-9)',
    ...lightTextColours(),
  },
  dark: {},
});

/**
 * Button props for a label that may be longer than a phone's row ("Mit meinem Namen unterschreiben",
 * "Αποθήκευση χωρίς υπογραφή"): the label wraps inside the button instead of being cut. No minimum
 * height here: an inline one would undercut the 44 px that touch screens get from the global rule, so a
 * caller that wants a taller button sets its own (at least 44 px).
 */
export const WRAPPING_BUTTON = {
  h: 'auto',
  py: 4,
  maw: '100%',
  styles: { label: { whiteSpace: 'normal' as const } },
};

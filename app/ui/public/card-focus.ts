/**
 * Keyboard focus inside a card (its link or button) rings the whole card: the control's own
 * outline is clipped by the card's rounded overflow or hidden under its hover overlay.
 */
export const CARD_FOCUS_RING = 'has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-secondary'

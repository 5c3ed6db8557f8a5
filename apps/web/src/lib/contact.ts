/** GameOn's support address (spec part 1 §2 "Signed-in layout": the footer's Contact link). */
export const SUPPORT_EMAIL = 'support@gameon.example';

/** The support address as a link target. */
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

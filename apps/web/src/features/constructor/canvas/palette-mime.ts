/** The drag payload type of a palette item: its node kind. */
export const PALETTE_MIME = 'application/x-flowsmith-node-kind';

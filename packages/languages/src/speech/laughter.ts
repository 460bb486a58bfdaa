// Laughter as recognizers write it. It is not one language's: the recognizer writes any of these
// in any language, so every language's feedback words take them all.

/** Written laughter, the same in every language the recognizer writes. */
export const LAUGHTER = 'ha hah haha hahaha heh hehe hihi hoho jaja jeje';

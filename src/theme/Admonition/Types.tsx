/**
 * Swizzle (wrap) of the admonition type map: adds `:::answer`, which marks the accepted answer of
 * a knowledge-base article (see ARCHITECTURE.md, 'Knowledge base').
 */
import DefaultAdmonitionTypes from '@theme-original/Admonition/Types';

import KbAnswer from '@site/src/components/KbAnswer';

export default {
  ...DefaultAdmonitionTypes,
  answer: KbAnswer,
};

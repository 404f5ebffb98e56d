/**
 * The highlighted tokens of the code block being rendered (the `tokens` prop the remark plugin
 * adds), from the plugin's `CodeBlock` to its `CodeBlock/Content`.
 */
import { createContext } from 'react';

/** The block's encoded tokens (a JSON string), or `undefined` for a block that has none. */
export const CodeTokensContext = createContext<string | undefined>(undefined);

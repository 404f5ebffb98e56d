/**
 * A description must not promise a feature that is off by default. For every `bool` input that
 * switches a feature (`enable_iam_access_analyzer`, `multi_az`, `enable_deletion_protection`), the
 * feature's name is derived from the input name; wherever the description names that feature, the
 * clause must say it is optional (or name the input) when the default is `false`, and must not call
 * it off by default when the default is `true`.
 */
/** The fields of a module or service input that the check reads. */
export interface SwitchInput {
  name: string;
  type: string;
  /** HCL literal of the default; `"true"` or `"false"` for a switch. */
  default?: string | undefined;
}

/** Prefixes and suffixes of a switch's name that are not part of the feature's name. */
const SWITCH_PREFIX = /^(?:should_create_|should_|enable_|create_)/;
const SWITCH_SUFFIX = /_enabled$/;

/** Words that make a clause conditional: the feature is there only if the reader asks for it. */
const CONDITIONAL =
  /\b(?:optional|optionally|can|could|may|if|when|unless|available|choose|choice|switch(?:ed)? on|turn(?:ed)? on|off by default|disabled by default|opt-in|opt in)\b/i;
/** A clause that states the switch's position: "With cluster mode disabled, ...". */
const WITH_STATE = /\bwith(?:out)?\b.*\b(?:enabled|disabled|turned on|turned off)\b/i;
/** Words anywhere in a sentence that offer a choice between the things it names. */
const CHOICE = /\b(?:or both|either)\b/i;
/** Phrases that call a feature off, which contradicts a default of `true`. */
const CALLED_OFF = /\b(?:off by default|disabled by default|not enabled by default|opt-in|opt in)\b/i;

/**
 * The pattern that finds a switch's feature in prose, or undefined when the name leaves fewer than
 * two words (one word such as `versioning` is too common to check reliably).
 * `enable_iam_access_analyzer` gives /iam[\s-]+access[\s-]+analyzer/i, which matches "IAM Access
 * Analyzer"; `multi_az` matches "Multi-AZ".
 */
export function featurePattern(inputName: string): RegExp | undefined {
  const words = inputName.replace(SWITCH_PREFIX, '').replace(SWITCH_SUFFIX, '').split('_').filter(Boolean);
  if (words.length < 2) return undefined;
  return new RegExp(`(?<![\\w-])${words.join('[\\s-]+')}(?![\\w-])`, 'i');
}

/** One clause of a description (split at commas, semicolons and colons) with its context. */
interface Clause {
  sentence: string;
  /** The first clause of the sentence. */
  opening: string;
  /** The clause before this one in the same sentence, or ''. */
  previous: string;
  clause: string;
}

function clausesOf(description: string): Clause[] {
  const sentences = description
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-Z`])/);
  return sentences.flatMap((sentence) => {
    const parts = sentence.split(/[,;:]\s+/);
    return parts.map((clause, index) => ({
      sentence,
      opening: parts[0] ?? '',
      previous: index > 0 ? (parts[index - 1] ?? '') : '',
      clause,
    }));
  });
}

/**
 * Every place where `description` contradicts the default of a `bool` input that switches a
 * feature it names.
 * @param owner - how error messages name the entry, e.g. `data/services/landing-zone.yml:
 *   services[0] (aws-app-account-baseline-wrapper)`.
 * @param description - the entry's prose description.
 * @param inputs - the entry's inputs; only `bool` inputs with a `true` or `false` default count.
 * @returns one line per contradiction, naming the entry, the input, its default and the clause.
 */
export function findDefaultContradictions(
  owner: string,
  description: string,
  inputs: readonly SwitchInput[],
): string[] {
  const clauses = clausesOf(description);
  return inputs.flatMap((input) => {
    if (input.type !== 'bool' || (input.default !== 'true' && input.default !== 'false')) return [];
    const pattern = featurePattern(input.name);
    if (!pattern) return [];
    return clauses.flatMap(({ sentence, opening, previous, clause }) => {
      if (!pattern.test(clause)) return [];
      // A conditional opening the sentence ("Optionally the service adds A, B and C") covers every
      // clause after it, and a short one just before ("and, optionally, an SNS topic") covers this.
      const shortPrevious = previous.split(' ').length <= 3 ? previous : '';
      const conditional =
        [clause, shortPrevious, opening].some((text) => CONDITIONAL.test(text)) ||
        WITH_STATE.test(clause) ||
        CHOICE.test(sentence) ||
        clause.includes(input.name);
      if (input.default === 'false' && !conditional)
        return [
          `${owner}.description: names "${pattern.exec(clause)?.[0] ?? ''}" as always on, but input ${input.name} defaults to false ("${clause.trim()}")`,
        ];
      if (input.default === 'true' && CALLED_OFF.test(clause))
        return [
          `${owner}.description: calls "${pattern.exec(clause)?.[0] ?? ''}" off, but input ${input.name} defaults to true ("${clause.trim()}")`,
        ];
      return [];
    });
  });
}

// Tells Czech from Slovak statute text by letters and function words only one of the two
// languages has; Czech is the default.

export type StatuteLanguage = 'cs' | 'sk';

const SLOVAK_ONLY_LETTERS = /[äôĺŕľÄÔĹŔĽ]/g;
const CZECH_ONLY_LETTERS = /[řůěŘŮĚ]/g;
const SLOVAK_WORDS = /(?<!\p{L})(sa|zo|dňa|alebo|ktor[ýáéí]|podľa|tohto|ods\.|nadobúda|štátn\p{L}*)(?!\p{L})/giu;
const CZECH_WORDS = /(?<!\p{L})(se|ze|dne|nebo|kter[ýáéí]|podle|tohoto|odst\.|nabývá|státn\p{L}*)(?!\p{L})/giu;

/**
 * Slovak vs Czech, cheaply: letters and function words that exist in only one of the two
 * languages (ř ů ě / se ze dne nebo vs ä ô ĺ ŕ ľ / sa zo dňa alebo). Slovak wins only on a
 * strictly higher score, so Czech is the default for short or ambiguous texts.
 */
export function detectStatuteLanguage(text: string): StatuteLanguage {
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  const slovak = count(SLOVAK_ONLY_LETTERS) + count(SLOVAK_WORDS);
  const czech = count(CZECH_ONLY_LETTERS) + count(CZECH_WORDS);
  return slovak > czech ? 'sk' : 'cs';
}

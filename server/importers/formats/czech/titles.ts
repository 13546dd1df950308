// Title detection: whether an unmarked line is the heading of the article just opened, or of
// the article that follows it, rather than text.
import { classifyArticleMarker, classifyGroupMarker, classifyInnerMarker, classifySchedule } from './markers.js';

/**
 * After '§ 5' a short line is the article's heading ('Předmět úpravy') only if it does not end
 * like a sentence and is not the lead-in of a list ('Prezident republiky' before 'a) ...').
 */
export function looksLikeArticleTitle(text: string, next: string | undefined): boolean {
  if (text.length > 200 || /[.,;:]$/.test(text) || !/^\p{Lu}/u.test(text)) return false;
  if (next === undefined) return false;
  if (classifyInnerMarker(next)?.kind === 'letter' || classifyInnerMarker(next)?.kind === 'point') return false;
  if (classifyGroupMarker(next) ?? classifyArticleMarker(next) ?? classifySchedule(next)) return false;
  return true;
}

/**
 * An unmarked heading right above an article ('Prezident republiky' / 'Čl. 54' in the 1993
 * Constitution) is taken as that article's title: the consolidated Markdown puts the same
 * heading just below 'Čl. 54', so both sources then agree. Lines ending in punctuation are text.
 */
export function isHeadingAboveArticle(text: string, next: string | undefined): boolean {
  if (next === undefined || !classifyArticleMarker(next) || classifyArticleMarker(next)?.rest) return false;
  return text.length <= 120 && /^\p{Lu}/u.test(text) && !/[.,;:!?)“"]$/u.test(text);
}

import { guideUrl, nodeDocUrl } from '../../lib/doc-links';
import { guides } from './guides';
import { nodeDocs } from './node-reference';

export type TDocHit = { title: string; to: string; section: 'Guide' | 'Node'; snippet: string };

type TEntry = TDocHit & { titleText: string; text: string; lines: string[] };

/** Markdown as plain lines: no code fences, no markup characters. */
const plainLines = (markdown: string) =>
  markdown
    .split('\n')
    .filter((line) => !line.startsWith('```'))
    .map((line) =>
      line
        .replace(/[#*`|>[\]]/g, '')
        .replace(/\(\/documentation[^)]*\)/g, '')
        .trim(),
    )
    .filter(Boolean);

const entries: TEntry[] = [
  ...guides.map((guide) => {
    const lines = plainLines(guide.body);
    return {
      title: guide.title,
      to: guideUrl(guide.slug),
      section: 'Guide' as const,
      snippet: guide.summary,
      titleText: guide.title.toLowerCase(),
      text: [guide.summary, ...lines].join('\n').toLowerCase(),
      lines,
    };
  }),
  ...nodeDocs.map((doc) => {
    const lines = [
      doc.description,
      ...doc.behaviour,
      ...doc.params.map((p) => `${p.label} (${p.name}): ${p.description}`),
      ...[...doc.inputs, ...doc.outputs].map((h) => `${h.label} (${h.name}, ${h.type})`),
    ];
    return {
      title: doc.name,
      to: nodeDocUrl(doc.kind),
      section: 'Node' as const,
      snippet: doc.description,
      titleText: `${doc.name} ${doc.kind}`.toLowerCase(),
      text: lines.join('\n').toLowerCase(),
      lines,
    };
  }),
];

/**
 * Guides and node kinds holding every word of the query, those naming it in their title first;
 * each with the line where the first word appears.
 */
export function searchDocs(query: string, limit = 20): TDocHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const scored = entries.flatMap((entry) => {
    const inTitle = words.filter((word) => entry.titleText.includes(word)).length;
    const found = words.every(
      (word) => entry.titleText.includes(word) || entry.text.includes(word),
    );
    if (!found) return [];
    const line = entry.lines.find((l) => l.toLowerCase().includes(words[0]!));
    const hit: TDocHit = {
      title: entry.title,
      to: entry.to,
      section: entry.section,
      snippet: inTitle ? entry.snippet : (line ?? entry.snippet),
    };
    return [{ hit, score: inTitle === words.length ? 2 : inTitle ? 1 : 0 }];
  });
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ hit }) => hit);
}

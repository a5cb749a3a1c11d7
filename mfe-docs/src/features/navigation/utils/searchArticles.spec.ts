import { ALL_ARTICLES } from '../../../content/catalog';
import { searchArticles } from './searchArticles';

const ids = (query: string) => searchArticles(ALL_ARTICLES, query).map((a) => a.id);

describe('docs search', () => {
  it('returns every article for an empty or blank query', () => {
    expect(ids('')).toHaveLength(ALL_ARTICLES.length);
    expect(ids('   ')).toHaveLength(ALL_ARTICLES.length);
  });

  it('matches titles ignoring case', () => {
    expect(ids('KEYBOARD shortcuts')).toEqual(['keyboard-shortcuts']);
    expect(ids('quick start')).toEqual(['quick-start']);
  });

  it('matches descriptions', () => {
    expect(ids('error message')).toEqual(['troubleshooting']);
  });

  it('matches tags', () => {
    expect(ids('INPAINT')).toEqual(['crop-masking']);
    expect(ids('mask editor')).toEqual(['keyboard-shortcuts']);
    expect(ids('png')).toEqual(['export-results']);
  });

  it('does not match article bodies or ids alone, and finds nothing for nonsense', () => {
    expect(ids('zebra-quasar')).toEqual([]);
  });

  it('works on any record with title, description and tags', () => {
    const records = [{ title: 'Alpha', description: 'first', tags: ['Mask'] }, { title: 'Beta', description: 'second', tags: [] }];
    expect(searchArticles(records, 'mask')).toEqual([records[0]]);
    expect(searchArticles(records, 'SECOND')).toEqual([records[1]]);
  });
});

/** Package URLs (purl spec types npm, pypi, golang, cargo, composer, gem, maven) of inventory packages. */
import type { Ecosystem } from '../model.ts';

const TYPE: Record<Ecosystem, string> = { npm: 'npm', PyPI: 'pypi', Go: 'golang', 'crates.io': 'cargo', Packagist: 'composer', RubyGems: 'gem', Maven: 'maven' };

const enc = (s: string): string => encodeURIComponent(s).replace(/%3A/g, ':');

export function purlOf(ecosystem: Ecosystem, name: string, version: string): string {
  let path: string;
  if (ecosystem === 'Maven') path = name.split(':').map(enc).join('/');
  else if (ecosystem === 'PyPI') path = enc(name.toLowerCase().replace(/[-_.]+/g, '-'));
  else if (ecosystem === 'Go' || ecosystem === 'Packagist' || ecosystem === 'npm') path = name.split('/').map(enc).join('/');
  else path = enc(name);
  return `pkg:${TYPE[ecosystem]}/${path}${version ? `@${enc(version)}` : ''}`;
}

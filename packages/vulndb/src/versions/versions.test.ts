/**
 * Version ordering per ecosystem, with the cases each ecosystem's own
 * specification gives (quoted sources next to each block). Each list is in
 * ascending order; the test checks every pair both ways.
 */
import { describe, expect, it } from 'vitest';
import { apk, composer, dpkg, generic, go, maven, nuget, pep440, rubygems, schemeFor, semver, type VersionScheme } from './index.ts';

function ascending(scheme: VersionScheme, list: string[]): void {
  for (let i = 0; i < list.length; i++) {
    for (let j = 0; j < list.length; j++) {
      const want = Math.sign(i - j);
      const got = scheme.compare(list[i]!, list[j]!);
      if (got !== want) throw new Error(`${scheme.name}: compare(${list[i]}, ${list[j]}) = ${got}, want ${want}`);
    }
  }
}

function equal(scheme: VersionScheme, pairs: [string, string][]): void {
  for (const [a, b] of pairs) {
    expect(scheme.compare(a, b), `${scheme.name}: ${a} = ${b}`).toBe(0);
    expect(scheme.compare(b, a), `${scheme.name}: ${b} = ${a}`).toBe(0);
  }
}

describe('semver 2.0.0 (npm, crates.io)', () => {
  it('orders the spec §11 examples', () => {
    // semver.org §11: 1.0.0 < 2.0.0 < 2.1.0 < 2.1.1 and the pre-release chain.
    ascending(semver, ['1.0.0', '2.0.0', '2.1.0', '2.1.1']);
    ascending(semver, ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0']);
  });
  it('ignores build metadata, compares numbers numerically, tolerates v and =', () => {
    equal(semver, [['1.0.0+20130313144700', '1.0.0'], ['v1.2.3', '1.2.3'], ['=1.2.3', '1.2.3']]);
    ascending(semver, ['1.9.0', '1.10.0', '1.11.0']);
    ascending(semver, ['0.3.5', '0.3.6', '0.3.19', '4.0.10']);
  });
  it('says which strings are strict semver', () => {
    expect(semver.valid('1.2.3-rc.1+build.5')).toBe(true);
    expect(semver.valid('01.2.3')).toBe(false);
    expect(semver.valid('1.2')).toBe(false);
  });
});

describe('Go modules', () => {
  it('orders pseudo-versions as the module reference describes (go.dev/ref/mod#pseudo-versions)', () => {
    ascending(go, [
      'v0.0.0-20191109021931-daa7c04131f5',
      'v0.0.0-20200101000000-aaaaaaaaaaaa',
      'v0.1.0',
      'v1.2.3',
      // vX.Y.(Z+1)-0.yyyymmddhhmmss-abcdefabcdef: after v1.2.3, before v1.2.4
      'v1.2.4-0.20191109021931-daa7c04131f5',
      'v1.2.4-pre',
      'v1.2.4-pre.0.20191109021931-daa7c04131f5',
      'v1.2.4',
    ]);
  });
  it('treats +incompatible as metadata and the v prefix as optional', () => {
    equal(go, [['v2.0.0+incompatible', 'v2.0.0'], ['v1.2.3', '1.2.3']]);
    ascending(go, ['v1.9.9', 'v2.0.0+incompatible', 'v2.1.0+incompatible']);
  });
  it('reads the standard library go1.x tags', () => {
    ascending(go, ['go1.20', 'go1.20.3', 'go1.21rc2', 'go1.21.0', 'go1.21.1']);
  });
});

describe('PEP 440 (PyPI)', () => {
  it('orders the specification\'s summary example', () => {
    // packaging.python.org version-specifiers "Summary of permitted suffixes and relative ordering".
    ascending(pep440, ['1.dev0', '1.0.dev456', '1.0a1', '1.0a2.dev456', '1.0a12.dev456', '1.0a12', '1.0b1.dev456', '1.0b2', '1.0b2.post345.dev456', '1.0b2.post345', '1.0rc1.dev456', '1.0rc1', '1.0', '1.0+abc.5', '1.0+abc.7', '1.0+5', '1.0.post456.dev34', '1.0.post456', '1.0.15', '1.1.dev1']);
  });
  it('normalises spellings (§ Normalization)', () => {
    equal(pep440, [
      ['1.0alpha1', '1.0a1'],
      ['1.0-beta.2', '1.0b2'],
      ['1.0c1', '1.0rc1'],
      ['1.0pre1', '1.0rc1'],
      ['1.0-1', '1.0.post1'],
      ['1.0rev1', '1.0.post1'],
      ['1.0.post', '1.0.post0'],
      ['v1.0', '1.0'],
      ['1.0', '1.0.0'],
      ['1.0.DEV', '1.0.dev0'],
      ['0!1.0', '1.0'],
    ]);
  });
  it('epochs win over releases', () => {
    ascending(pep440, ['2013.10', '2014.04', '1!1.0', '1!1.1']);
  });
  it('local versions: numbers above strings, longer above shorter', () => {
    ascending(pep440, ['1.0', '1.0+abc', '1.0+abc.1', '1.0+1', '1.0+1.abc']);
  });
});

describe('Maven ComparableVersion', () => {
  it('orders qualifiers as the POM reference says (maven.apache.org/pom.html#version-order-specification)', () => {
    ascending(maven, ['1-alpha', '1-beta', '1-milestone', '1-rc', '1-snapshot', '1', '1-sp', '1-abc', '1-xyz']);
    ascending(maven, ['1', '1.1', '1.1.1', '1.2', '1.10']);
  });
  it('treats trailing zeros, final/ga/release and cr as the spec says', () => {
    equal(maven, [
      ['1', '1.0'],
      ['1', '1.0.0'],
      ['1.0', '1-final'],
      ['1-ga', '1'],
      ['1.0.RELEASE', '1'],
      ['1-cr1', '1-rc1'],
      ['1a1', '1-alpha-1'],
      ['1.0-alpha1', '1.0-ALPHA1'],
    ]);
  });
  it('reproduces ComparableVersionTest orderings', () => {
    // maven-artifact ComparableVersionTest.VERSIONS_QUALIFIER (a subset in order).
    ascending(maven, ['1-alpha2snapshot', '1-alpha2', '1-alpha-123', '1-beta-2', '1-beta123', '1-m2', '1-m11', '1-rc', '1-cr2', '1-rc123', '1-SNAPSHOT', '1', '1-sp', '1-sp2', '1-sp123', '1-abc', '1-def', '1-pom-1', '1-1-snapshot', '1-1', '1-2', '1-123']);
    // VERSIONS_NUMBER
    ascending(maven, ['2.0', '2.0.a', '2-1', '2.0.2', '2.0.123', '2.1.0', '2.1-a', '2.1b', '2.1-c', '2.1-1', '2.1.0.1', '2.2', '2.123', '11.a2', '11.a11', '11.b2', '11.b11', '11.m2', '11.m11', '11', '11.a', '11b', '11c', '11m']);
  });
  it('spring-style versions', () => {
    ascending(maven, ['5.3.0-M1', '5.3.0-RC1', '5.3.0', '5.3.18', '5.3.20']);
  });
});

describe('RubyGems Gem::Version', () => {
  it('orders pre-releases before releases (guides.rubygems.org/patterns/#prerelease-gems)', () => {
    ascending(rubygems, ['1.0.0.a', '1.0.0.a2', '1.0.0.b1', '1.0.0.pre', '1.0.0.rc1', '1.0.0', '1.0.1', '1.1']);
  });
  it('drops trailing zeros and reads "-" as ".pre."', () => {
    equal(rubygems, [['1.0', '1'], ['1.0.0', '1'], ['1.0.a', '1.a'], ['1.0.0-rc1', '1.0.0.pre.rc1']]);
    ascending(rubygems, ['5.2.4.3', '5.2.4.4', '5.2.5', '6.0.0.beta1', '6.0.0']);
  });
});

describe('Composer / Packagist', () => {
  it('orders stabilities dev < alpha < beta < RC < stable < patch (getcomposer.org versions)', () => {
    ascending(composer, ['1.0.0-dev', '1.0.0-alpha1', '1.0.0-alpha2', '1.0.0-beta1', '1.0.0-RC1', '1.0.0-RC2', '1.0.0', '1.0.0-p1', '1.0.1']);
  });
  it('pads to four parts and drops v', () => {
    equal(composer, [['1.2', '1.2.0'], ['v1.2.3', '1.2.3'], ['1.0.0-a1', '1.0.0-alpha1'], ['1.0.0-b2', '1.0.0-beta2']]);
    ascending(composer, ['2.8.9', '2.8.10', '3.0.0.1', '3.1']);
  });
  it('puts dev branches below numbered releases', () => {
    expect(composer.compare('dev-master', '0.0.1')).toBe(-1);
  });
});

describe('NuGet', () => {
  it('orders as the package-versioning page says (learn.microsoft.com/nuget/concepts/package-versioning)', () => {
    ascending(nuget, ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-beta', '1.0.0-rc.1', '1.0.0', '1.0.0.1', '1.0.1', '1.10.0']);
  });
  it('is case-insensitive, treats missing parts as zero and ignores metadata', () => {
    equal(nuget, [['1.0.0-Beta', '1.0.0-beta'], ['1.0', '1.0.0.0'], ['1.0.0+git.abc', '1.0.0']]);
  });
});

describe('Debian dpkg', () => {
  it('orders as deb-version(7) describes: ~ before the end, letters before other characters', () => {
    ascending(dpkg, ['1.0~rc1~', '1.0~rc1', '1.0', '1.0-1', '1.0-1+b1', '1.0-1+deb10u1', '1.0-2', '1.0a', '1.0+b1', '1.1', '1:0.1']);
    ascending(dpkg, ['2.31-13+deb11u5', '2.31-13+deb11u10', '2.36-9']);
  });
  it('epoch 0 is the default', () => {
    equal(dpkg, [['0:1.2-3', '1.2-3'], ['1.2.0', '1.2.00']]);
  });
});

describe('Alpine apk', () => {
  it('orders suffixes and revisions as apk-tools does', () => {
    ascending(apk, ['1.2_alpha1', '1.2_beta', '1.2_pre2', '1.2_rc1', '1.2', '1.2-r1', '1.2_p1', '1.2.1', '1.10']);
    ascending(apk, ['1.2', '1.2a', '1.2b', '1.3']);
    ascending(apk, ['3.0.7-r0', '3.0.8-r0', '3.0.8-r1', '3.1.0-r0']);
  });
});

describe('generic (CPE versions)', () => {
  it('handles OpenSSL letters, busybox leading zeros and kernel rc tags', () => {
    ascending(generic, ['1.0.2', '1.0.2a', '1.0.2k', '1.0.2zh', '1.1.0', '1.1.1w', '3.0.0']);
    equal(generic, [['1.01', '1.1'], ['1.1', '1.1.0']]);
    ascending(generic, ['1.01', '1.24.2', '1.29.0', '1.36.0']);
    ascending(generic, ['2.6.32-rc1', '2.6.32', '2.6.33', '5.4.0']);
    ascending(generic, ['7.4', '7.4p1', '7.7', '9.8p1']);
  });
});

describe('schemeFor', () => {
  it('maps OSV ecosystem names, including release suffixes', () => {
    expect(schemeFor('Debian:12').name).toBe('dpkg');
    expect(schemeFor('Alpine:v3.18').name).toBe('apk');
    expect(schemeFor('crates.io').name).toBe('semver');
    expect(schemeFor('PyPI').name).toBe('pep440');
    expect(schemeFor('SomethingNew').name).toBe('generic');
  });
});

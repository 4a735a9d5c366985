declare module 'sm-crypto' {
  interface Sm4Options {
    padding?: 'pkcs#7' | 'pkcs#5' | 'none';
    mode?: 'ecb' | 'cbc';
    iv?: number[] | string;
    output?: 'array' | 'string';
  }
  const smCrypto: {
    sm4: {
    encrypt(input: number[] | string, key: number[] | string, options?: Sm4Options): number[] | string;
    decrypt(input: number[] | string, key: number[] | string, options?: Sm4Options): number[] | string;
    };
  };
  export default smCrypto;
}

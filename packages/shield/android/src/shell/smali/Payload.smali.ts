// The stub class Payload in smali (assembled by ../assemble.ts with Debian's smali). Kept as a module so bundled builds carry it.
export default String.raw`
# The encrypted payload, as packages/shield/android/src/shell/payload.ts writes it:
#   "CDX1" | iv[16] | AES-128-CTR(key, iv, zlib(plain))
#   plain = u32 count, then for each DEX: u32 length, bytes (big-endian)
# Only java.* and javax.crypto are used here, so the verification runs this
# very class on a JVM (enjarify) over the payload of every hardened APK.
.class public final Lcom/citadel/shell/Payload;
.super Ljava/lang/Object;

# A key or digest kept in Config as a Latin-1 string: one char per byte.
.method public static bytes(Ljava/lang/String;)[B
    .locals 1
    const-string v0, "ISO-8859-1"
    invoke-virtual {p0, v0}, Ljava/lang/String;->getBytes(Ljava/lang/String;)[B
    move-result-object v0
    return-object v0
.end method

.method public static read(Ljava/io/InputStream;)[B
    .locals 4
    new-instance v0, Ljava/io/ByteArrayOutputStream;
    invoke-direct {v0}, Ljava/io/ByteArrayOutputStream;-><init>()V
    const/16 v1, 0x2000
    new-array v1, v1, [B
    :loop
    invoke-virtual {p0, v1}, Ljava/io/InputStream;->read([B)I
    move-result v2
    if-ltz v2, :done
    const/4 v3, 0x0
    invoke-virtual {v0, v1, v3, v2}, Ljava/io/ByteArrayOutputStream;->write([BII)V
    goto :loop
    :done
    invoke-virtual {p0}, Ljava/io/InputStream;->close()V
    invoke-virtual {v0}, Ljava/io/ByteArrayOutputStream;->toByteArray()[B
    move-result-object v0
    return-object v0
.end method

.method public static sha256([B)[B
    .locals 1
    const-string v0, "SHA-256"
    invoke-static {v0}, Ljava/security/MessageDigest;->getInstance(Ljava/lang/String;)Ljava/security/MessageDigest;
    move-result-object v0
    invoke-virtual {v0, p0}, Ljava/security/MessageDigest;->digest([B)[B
    move-result-object v0
    return-object v0
.end method

# open(blob, key): the DEX files, in their original order (classes.dex first).
.method public static open([B[B)[[B
    .locals 5
    # the magic, or the payload is not ours
    new-instance v0, Ljava/lang/String;
    const/4 v1, 0x0
    const/4 v2, 0x4
    const-string v3, "ISO-8859-1"
    invoke-direct {v0, p0, v1, v2, v3}, Ljava/lang/String;-><init>([BIILjava/lang/String;)V
    const-string v1, "CDX1"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-nez v1, :ours
    new-instance v0, Ljava/lang/IllegalStateException;
    const-string v1, "payload"
    invoke-direct {v0, v1}, Ljava/lang/IllegalStateException;-><init>(Ljava/lang/String;)V
    throw v0
    :ours
    # AES-128-CTR with the IV at bytes 4..19
    const-string v0, "AES/CTR/NoPadding"
    invoke-static {v0}, Ljavax/crypto/Cipher;->getInstance(Ljava/lang/String;)Ljavax/crypto/Cipher;
    move-result-object v0
    new-instance v1, Ljavax/crypto/spec/SecretKeySpec;
    const-string v2, "AES"
    invoke-direct {v1, p1, v2}, Ljavax/crypto/spec/SecretKeySpec;-><init>([BLjava/lang/String;)V
    new-instance v2, Ljavax/crypto/spec/IvParameterSpec;
    const/4 v3, 0x4
    const/16 v4, 0x10
    invoke-direct {v2, p0, v3, v4}, Ljavax/crypto/spec/IvParameterSpec;-><init>([BII)V
    const/4 v3, 0x2
    invoke-virtual {v0, v3, v1, v2}, Ljavax/crypto/Cipher;->init(ILjava/security/Key;Ljava/security/spec/AlgorithmParameterSpec;)V
    const/16 v1, 0x14
    array-length v2, p0
    sub-int/2addr v2, v1
    invoke-virtual {v0, p0, v1, v2}, Ljavax/crypto/Cipher;->doFinal([BII)[B
    move-result-object v0
    # inflate (DEX files compress well; the ciphertext would not)
    new-instance v1, Ljava/io/ByteArrayInputStream;
    invoke-direct {v1, v0}, Ljava/io/ByteArrayInputStream;-><init>([B)V
    new-instance v0, Ljava/util/zip/InflaterInputStream;
    invoke-direct {v0, v1}, Ljava/util/zip/InflaterInputStream;-><init>(Ljava/io/InputStream;)V
    invoke-static {v0}, Lcom/citadel/shell/Payload;->read(Ljava/io/InputStream;)[B
    move-result-object v0
    # split into the DEX files
    invoke-static {v0}, Ljava/nio/ByteBuffer;->wrap([B)Ljava/nio/ByteBuffer;
    move-result-object v0
    invoke-virtual {v0}, Ljava/nio/ByteBuffer;->getInt()I
    move-result v1
    new-array v2, v1, [[B
    const/4 v3, 0x0
    :each
    if-ge v3, v1, :end
    invoke-virtual {v0}, Ljava/nio/ByteBuffer;->getInt()I
    move-result v4
    new-array v4, v4, [B
    invoke-virtual {v0, v4}, Ljava/nio/ByteBuffer;->get([B)Ljava/nio/ByteBuffer;
    aput-object v4, v2, v3
    add-int/lit8 v3, v3, 0x1
    goto :each
    :end
    return-object v2
.end method
`;

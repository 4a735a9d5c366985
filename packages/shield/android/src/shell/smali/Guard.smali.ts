// The stub class Guard in smali (assembled by ../assemble.ts with Debian's smali). Kept as a module so bundled builds carry it.
export default String.raw`
# Run-time checks of the shell, each with its configured response
# (Config: 0 off, 1 report = a logcat warning, 2 exit = kill the process).
# Checks run before the app's code is decrypted. The helpers marked "pure"
# use java.* only and are also run on a JVM by the verification.
.class public final Lcom/citadel/shell/Guard;
.super Ljava/lang/Object;

.method public static run(Landroid/content/Context;[B)V
    .locals 3
    # anti-tamper: payload checksum and signing certificate
    sget v0, Lcom/citadel/shell/Config;->TAMPER:I
    if-eqz v0, :debug
    invoke-static {p0, p1}, Lcom/citadel/shell/Guard;->tampered(Landroid/content/Context;[B)Ljava/lang/String;
    move-result-object v1
    if-eqz v1, :debug
    invoke-static {v0, v1}, Lcom/citadel/shell/Guard;->respond(ILjava/lang/String;)V
    :debug
    sget v0, Lcom/citadel/shell/Config;->DEBUG:I
    if-eqz v0, :root
    invoke-static {}, Landroid/os/Debug;->isDebuggerConnected()Z
    move-result v1
    invoke-static {}, Lcom/citadel/shell/Guard;->traced()Z
    move-result v2
    or-int/2addr v1, v2
    if-eqz v1, :root
    const-string v1, "debugger"
    invoke-static {v0, v1}, Lcom/citadel/shell/Guard;->respond(ILjava/lang/String;)V
    :root
    sget v0, Lcom/citadel/shell/Config;->ROOT:I
    if-eqz v0, :emulator
    sget-object v1, Landroid/os/Build;->TAGS:Ljava/lang/String;
    const-string v2, "test-keys"
    invoke-static {v1, v2}, Lcom/citadel/shell/Guard;->has(Ljava/lang/String;Ljava/lang/String;)Z
    move-result v1
    invoke-static {}, Lcom/citadel/shell/Guard;->suFiles()Z
    move-result v2
    or-int/2addr v1, v2
    if-eqz v1, :emulator
    const-string v1, "root"
    invoke-static {v0, v1}, Lcom/citadel/shell/Guard;->respond(ILjava/lang/String;)V
    :emulator
    sget v0, Lcom/citadel/shell/Config;->EMULATOR:I
    if-eqz v0, :hook
    invoke-static {}, Lcom/citadel/shell/Guard;->emulated()Z
    move-result v1
    if-eqz v1, :hook
    const-string v1, "emulator"
    invoke-static {v0, v1}, Lcom/citadel/shell/Guard;->respond(ILjava/lang/String;)V
    :hook
    sget v0, Lcom/citadel/shell/Config;->HOOK:I
    if-eqz v0, :done
    invoke-static {}, Lcom/citadel/shell/Guard;->hooked()Z
    move-result v1
    if-eqz v1, :done
    const-string v1, "hook framework"
    invoke-static {v0, v1}, Lcom/citadel/shell/Guard;->respond(ILjava/lang/String;)V
    :done
    return-void
.end method

.method static respond(ILjava/lang/String;)V
    .locals 1
    const-string v0, "CitadelShield"
    invoke-static {v0, p1}, Landroid/util/Log;->w(Ljava/lang/String;Ljava/lang/String;)I
    const/4 v0, 0x2
    if-ne p0, v0, :report
    invoke-static {}, Landroid/os/Process;->myPid()I
    move-result v0
    invoke-static {v0}, Landroid/os/Process;->killProcess(I)V
    const/4 v0, 0x1
    invoke-static {v0}, Ljava/lang/System;->exit(I)V
    :report
    return-void
.end method

# null when intact, else what differs: the payload's SHA-256, or no signer
# certificate with the SHA-256 recorded at hardening time.
.method static tampered(Landroid/content/Context;[B)Ljava/lang/String;
    .locals 5
    invoke-static {p1}, Lcom/citadel/shell/Payload;->sha256([B)[B
    move-result-object v0
    sget-object v1, Lcom/citadel/shell/Config;->PAYLOAD_SHA256:Ljava/lang/String;
    invoke-static {v1}, Lcom/citadel/shell/Payload;->bytes(Ljava/lang/String;)[B
    move-result-object v1
    invoke-static {v0, v1}, Ljava/security/MessageDigest;->isEqual([B[B)Z
    move-result v0
    if-nez v0, :cert
    const-string v0, "tamper: payload checksum"
    return-object v0
    :cert
    sget-object v1, Lcom/citadel/shell/Config;->CERT_SHA256:Ljava/lang/String;
    invoke-static {v1}, Lcom/citadel/shell/Payload;->bytes(Ljava/lang/String;)[B
    move-result-object v1
    # GET_SIGNATURES = 0x40
    invoke-virtual {p0}, Landroid/content/Context;->getPackageManager()Landroid/content/pm/PackageManager;
    move-result-object v0
    invoke-virtual {p0}, Landroid/content/Context;->getPackageName()Ljava/lang/String;
    move-result-object v2
    const/16 v3, 0x40
    invoke-virtual {v0, v2, v3}, Landroid/content/pm/PackageManager;->getPackageInfo(Ljava/lang/String;I)Landroid/content/pm/PackageInfo;
    move-result-object v0
    iget-object v0, v0, Landroid/content/pm/PackageInfo;->signatures:[Landroid/content/pm/Signature;
    if-eqz v0, :bad
    array-length v2, v0
    const/4 v3, 0x0
    :each
    if-ge v3, v2, :bad
    aget-object v4, v0, v3
    invoke-virtual {v4}, Landroid/content/pm/Signature;->toByteArray()[B
    move-result-object v4
    invoke-static {v4}, Lcom/citadel/shell/Payload;->sha256([B)[B
    move-result-object v4
    invoke-static {v4, v1}, Ljava/security/MessageDigest;->isEqual([B[B)Z
    move-result v4
    if-eqz v4, :next
    const/4 v0, 0x0
    return-object v0
    :next
    add-int/lit8 v3, v3, 0x1
    goto :each
    :bad
    const-string v0, "tamper: signing certificate"
    return-object v0
.end method

# pure: a file's text, "" when it cannot be read
.method public static text(Ljava/lang/String;)Ljava/lang/String;
    .locals 2
    :try_start
    new-instance v0, Ljava/io/FileInputStream;
    invoke-direct {v0, p0}, Ljava/io/FileInputStream;-><init>(Ljava/lang/String;)V
    invoke-static {v0}, Lcom/citadel/shell/Payload;->read(Ljava/io/InputStream;)[B
    move-result-object v0
    new-instance v1, Ljava/lang/String;
    const-string p0, "ISO-8859-1"
    invoke-direct {v1, v0, p0}, Ljava/lang/String;-><init>([BLjava/lang/String;)V
    :try_end
    .catch Ljava/io/IOException; {:try_start .. :try_end} :none
    return-object v1
    :none
    const-string v0, ""
    return-object v0
.end method

# pure: null-safe String.contains
.method public static has(Ljava/lang/String;Ljava/lang/String;)Z
    .locals 1
    const/4 v0, 0x0
    if-eqz p0, :no
    invoke-virtual {p0, p1}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v0
    :no
    return v0
.end method

# pure: a process tracing this one (debugger, strace, Frida's ptrace mode) shows as TracerPid != 0
.method public static traced()Z
    .locals 2
    const-string v0, "/proc/self/status"
    invoke-static {v0}, Lcom/citadel/shell/Guard;->text(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    const-string v1, "TracerPid:"
    invoke-static {v0, v1}, Lcom/citadel/shell/Guard;->has(Ljava/lang/String;Ljava/lang/String;)Z
    move-result v1
    if-eqz v1, :no
    const-string v1, "TracerPid:\t0\n"
    invoke-static {v0, v1}, Lcom/citadel/shell/Guard;->has(Ljava/lang/String;Ljava/lang/String;)Z
    move-result v1
    xor-int/lit8 v1, v1, 0x1
    return v1
    :no
    const/4 v1, 0x0
    return v1
.end method

# pure: su binaries and root managers in their usual places
.method public static suFiles()Z
    .locals 4
    const/16 v0, 0x8
    new-array v0, v0, [Ljava/lang/String;
    const/4 v1, 0x0
    const-string v2, "/system/bin/su"
    aput-object v2, v0, v1
    const/4 v1, 0x1
    const-string v2, "/system/xbin/su"
    aput-object v2, v0, v1
    const/4 v1, 0x2
    const-string v2, "/sbin/su"
    aput-object v2, v0, v1
    const/4 v1, 0x3
    const-string v2, "/su/bin/su"
    aput-object v2, v0, v1
    const/4 v1, 0x4
    const-string v2, "/data/local/xbin/su"
    aput-object v2, v0, v1
    const/4 v1, 0x5
    const-string v2, "/data/local/bin/su"
    aput-object v2, v0, v1
    const/4 v1, 0x6
    const-string v2, "/system/app/Superuser.apk"
    aput-object v2, v0, v1
    const/4 v1, 0x7
    const-string v2, "/data/adb/magisk"
    aput-object v2, v0, v1
    const/4 v1, 0x0
    :each
    array-length v2, v0
    if-ge v1, v2, :none
    new-instance v2, Ljava/io/File;
    aget-object v3, v0, v1
    invoke-direct {v2, v3}, Ljava/io/File;-><init>(Ljava/lang/String;)V
    invoke-virtual {v2}, Ljava/io/File;->exists()Z
    move-result v2
    if-eqz v2, :next
    const/4 v0, 0x1
    return v0
    :next
    add-int/lit8 v1, v1, 0x1
    goto :each
    :none
    const/4 v0, 0x0
    return v0
.end method

# emulator: build fingerprint and hardware of the Android emulator, its qemu devices
.method static emulated()Z
    .locals 3
    sget-object v0, Landroid/os/Build;->FINGERPRINT:Ljava/lang/String;
    const-string v1, "generic"
    invoke-static {v0, v1}, Lcom/citadel/shell/Guard;->has(Ljava/lang/String;Ljava/lang/String;)Z
    move-result v0
    sget-object v1, Landroid/os/Build;->HARDWARE:Ljava/lang/String;
    const-string v2, "goldfish"
    invoke-static {v1, v2}, Lcom/citadel/shell/Guard;->has(Ljava/lang/String;Ljava/lang/String;)Z
    move-result v2
    or-int/2addr v0, v2
    const-string v2, "ranchu"
    invoke-static {v1, v2}, Lcom/citadel/shell/Guard;->has(Ljava/lang/String;Ljava/lang/String;)Z
    move-result v2
    or-int/2addr v0, v2
    new-instance v1, Ljava/io/File;
    const-string v2, "/dev/qemu_pipe"
    invoke-direct {v1, v2}, Ljava/io/File;-><init>(Ljava/lang/String;)V
    invoke-virtual {v1}, Ljava/io/File;->exists()Z
    move-result v2
    or-int/2addr v0, v2
    new-instance v1, Ljava/io/File;
    const-string v2, "/dev/socket/qemud"
    invoke-direct {v1, v2}, Ljava/io/File;-><init>(Ljava/lang/String;)V
    invoke-virtual {v1}, Ljava/io/File;->exists()Z
    move-result v2
    or-int/2addr v0, v2
    return v0
.end method

# pure: Frida (agent or gadget), Xposed/LSPosed, Substrate libraries mapped into this process,
# or the Xposed bridge class loadable
.method public static hooked()Z
    .locals 3
    const-string v0, "/proc/self/maps"
    invoke-static {v0}, Lcom/citadel/shell/Guard;->text(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    invoke-virtual {v0}, Ljava/lang/String;->toLowerCase()Ljava/lang/String;
    move-result-object v0
    const-string v1, "frida"
    invoke-static {v0, v1}, Lcom/citadel/shell/Guard;->has(Ljava/lang/String;Ljava/lang/String;)Z
    move-result v1
    const-string v2, "xposed"
    invoke-static {v0, v2}, Lcom/citadel/shell/Guard;->has(Ljava/lang/String;Ljava/lang/String;)Z
    move-result v2
    or-int/2addr v1, v2
    const-string v2, "substrate"
    invoke-static {v0, v2}, Lcom/citadel/shell/Guard;->has(Ljava/lang/String;Ljava/lang/String;)Z
    move-result v2
    or-int/2addr v1, v2
    if-eqz v1, :bridge
    return v1
    :bridge
    :try_start
    const-string v0, "de.robv.android.xposed.XposedBridge"
    invoke-static {v0}, Ljava/lang/Class;->forName(Ljava/lang/String;)Ljava/lang/Class;
    :try_end
    .catch Ljava/lang/Throwable; {:try_start .. :try_end} :absent
    const/4 v0, 0x1
    return v0
    :absent
    const/4 v0, 0x0
    return v0
.end method
`;

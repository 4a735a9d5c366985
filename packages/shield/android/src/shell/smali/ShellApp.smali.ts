// The stub class ShellApp in smali (assembled by ../assemble.ts with Debian's smali). Kept as a module so bundled builds carry it.
export default String.raw`
# The Application the manifest names after hardening. Its whole start-up path:
#   attachBaseContext: read the payload asset -> Guard checks -> decrypt ->
#     new class loader -> LoadedApk.mClassLoader swapped -> original
#     Application created and attached to the same base context
#   onCreate: the framework's references handed to the original Application,
#     then its onCreate
# Any exception propagates: a shell that cannot load the app must not run half of it.
.class public Lcom/citadel/shell/ShellApp;
.super Landroid/app/Application;

.field private app:Landroid/app/Application;

.method public constructor <init>()V
    .locals 0
    invoke-direct {p0}, Landroid/app/Application;-><init>()V
    return-void
.end method

.method protected attachBaseContext(Landroid/content/Context;)V
    .locals 3
    invoke-super {p0, p1}, Landroid/app/Application;->attachBaseContext(Landroid/content/Context;)V
    # 1. the encrypted payload from the APK's assets
    invoke-virtual {p1}, Landroid/content/Context;->getAssets()Landroid/content/res/AssetManager;
    move-result-object v0
    sget-object v1, Lcom/citadel/shell/Config;->ASSET:Ljava/lang/String;
    invoke-virtual {v0, v1}, Landroid/content/res/AssetManager;->open(Ljava/lang/String;)Ljava/io/InputStream;
    move-result-object v0
    invoke-static {v0}, Lcom/citadel/shell/Payload;->read(Ljava/io/InputStream;)[B
    move-result-object v0
    # 2. tamper, debugger, root, emulator and hook checks with their configured responses
    invoke-static {p1, v0}, Lcom/citadel/shell/Guard;->run(Landroid/content/Context;[B)V
    # 3. the app's DEX files decrypted and loaded by a class loader of their own
    sget-object v1, Lcom/citadel/shell/Config;->KEY:Ljava/lang/String;
    invoke-static {v1}, Lcom/citadel/shell/Payload;->bytes(Ljava/lang/String;)[B
    move-result-object v1
    invoke-static {v0, v1}, Lcom/citadel/shell/Payload;->open([B[B)[[B
    move-result-object v0
    invoke-static {p1, v0}, Lcom/citadel/shell/Loader;->load(Landroid/content/Context;[[B)Ljava/lang/ClassLoader;
    move-result-object v0
    # 4. the framework loads activities, services, receivers and providers through LoadedApk.mClassLoader
    invoke-static {p1, v0}, Lcom/citadel/shell/Loader;->swap(Landroid/content/Context;Ljava/lang/ClassLoader;)V
    # 5. the original Application (none when the manifest named none)
    sget-object v1, Lcom/citadel/shell/Config;->APP:Ljava/lang/String;
    invoke-virtual {v1}, Ljava/lang/String;->isEmpty()Z
    move-result v2
    if-nez v2, :done
    invoke-virtual {v0, v1}, Ljava/lang/ClassLoader;->loadClass(Ljava/lang/String;)Ljava/lang/Class;
    move-result-object v1
    invoke-virtual {v1}, Ljava/lang/Class;->newInstance()Ljava/lang/Object;
    move-result-object v1
    check-cast v1, Landroid/app/Application;
    iput-object v1, p0, Lcom/citadel/shell/ShellApp;->app:Landroid/app/Application;
    invoke-static {v1, p1}, Lcom/citadel/shell/Loader;->attach(Landroid/app/Application;Landroid/content/Context;)V
    :done
    return-void
.end method

.method public onCreate()V
    .locals 1
    invoke-super {p0}, Landroid/app/Application;->onCreate()V
    iget-object v0, p0, Lcom/citadel/shell/ShellApp;->app:Landroid/app/Application;
    if-eqz v0, :done
    invoke-static {p0, v0}, Lcom/citadel/shell/Loader;->replace(Landroid/app/Application;Landroid/app/Application;)V
    invoke-virtual {v0}, Landroid/app/Application;->onCreate()V
    :done
    return-void
.end method
`;

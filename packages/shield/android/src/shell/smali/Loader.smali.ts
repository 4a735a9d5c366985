// The stub class Loader in smali (assembled by ../assemble.ts with Debian's smali). Kept as a module so bundled builds carry it.
export default String.raw`
# Class loading and the framework fields the shell changes (by reflection:
# ContextImpl.mPackageInfo, LoadedApk.mClassLoader/mApplication,
# ContextImpl.mOuterContext, ActivityThread.mInitialApplication/mAllApplications,
# Application.attach). These are non-SDK fields; their access is not proven
# here (no device), see the package README.
.class final Lcom/citadel/shell/Loader;
.super Ljava/lang/Object;

# API 29+: InMemoryDexClassLoader (nothing decrypted is written to storage, native
# library path kept); below: read-only files in the app's private folder app_cdx + DexClassLoader.
.method static load(Landroid/content/Context;[[B)Ljava/lang/ClassLoader;
    .locals 9
    const-class v0, Lcom/citadel/shell/Loader;
    invoke-virtual {v0}, Ljava/lang/Class;->getClassLoader()Ljava/lang/ClassLoader;
    move-result-object v0
    invoke-virtual {p0}, Landroid/content/Context;->getApplicationInfo()Landroid/content/pm/ApplicationInfo;
    move-result-object v1
    iget-object v1, v1, Landroid/content/pm/ApplicationInfo;->nativeLibraryDir:Ljava/lang/String;
    array-length v2, p1
    sget v3, Landroid/os/Build$VERSION;->SDK_INT:I
    const/16 v4, 0x1d
    if-lt v3, v4, :files
    new-array v3, v2, [Ljava/nio/ByteBuffer;
    const/4 v4, 0x0
    :wrap
    if-ge v4, v2, :memory
    aget-object v5, p1, v4
    invoke-static {v5}, Ljava/nio/ByteBuffer;->wrap([B)Ljava/nio/ByteBuffer;
    move-result-object v5
    aput-object v5, v3, v4
    add-int/lit8 v4, v4, 0x1
    goto :wrap
    :memory
    new-instance v4, Ldalvik/system/InMemoryDexClassLoader;
    invoke-direct {v4, v3, v1, v0}, Ldalvik/system/InMemoryDexClassLoader;-><init>([Ljava/nio/ByteBuffer;Ljava/lang/String;Ljava/lang/ClassLoader;)V
    return-object v4
    :files
    const-string v3, "cdx"
    const/4 v4, 0x0
    invoke-virtual {p0, v3, v4}, Landroid/content/Context;->getDir(Ljava/lang/String;I)Ljava/io/File;
    move-result-object v3
    new-instance v4, Ljava/lang/StringBuilder;
    invoke-direct {v4}, Ljava/lang/StringBuilder;-><init>()V
    const/4 v5, 0x0
    :write
    if-ge v5, v2, :dexpath
    invoke-static {v5}, Ljava/lang/String;->valueOf(I)Ljava/lang/String;
    move-result-object v6
    const-string v7, ".dex"
    invoke-virtual {v6, v7}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v6
    new-instance v7, Ljava/io/File;
    invoke-direct {v7, v3, v6}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    # a read-only copy from an earlier start cannot be opened for writing: remove it first
    invoke-virtual {v7}, Ljava/io/File;->delete()Z
    new-instance v6, Ljava/io/FileOutputStream;
    invoke-direct {v6, v7}, Ljava/io/FileOutputStream;-><init>(Ljava/io/File;)V
    aget-object v8, p1, v5
    invoke-virtual {v6, v8}, Ljava/io/FileOutputStream;->write([B)V
    invoke-virtual {v6}, Ljava/io/FileOutputStream;->close()V
    invoke-virtual {v7}, Ljava/io/File;->setReadOnly()Z
    invoke-virtual {v7}, Ljava/io/File;->getPath()Ljava/lang/String;
    move-result-object v6
    invoke-virtual {v4, v6}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v6, ":"
    invoke-virtual {v4, v6}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    add-int/lit8 v5, v5, 0x1
    goto :write
    :dexpath
    invoke-virtual {v4}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v4
    invoke-virtual {v3}, Ljava/io/File;->getPath()Ljava/lang/String;
    move-result-object v3
    new-instance v5, Ldalvik/system/DexClassLoader;
    invoke-direct {v5, v4, v3, v1, v0}, Ldalvik/system/DexClassLoader;-><init>(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/ClassLoader;)V
    return-object v5
.end method

# LoadedApk.mClassLoader (reached from the base ContextImpl) and the thread's context loader
.method static swap(Landroid/content/Context;Ljava/lang/ClassLoader;)V
    .locals 3
    const-string v0, "android.app.ContextImpl"
    const-string v1, "mPackageInfo"
    invoke-static {p0, v0, v1}, Lcom/citadel/shell/Loader;->get(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v0
    const-string v1, "android.app.LoadedApk"
    const-string v2, "mClassLoader"
    invoke-static {v0, v1, v2, p1}, Lcom/citadel/shell/Loader;->set(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;)V
    invoke-static {}, Ljava/lang/Thread;->currentThread()Ljava/lang/Thread;
    move-result-object v0
    invoke-virtual {v0, p1}, Ljava/lang/Thread;->setContextClassLoader(Ljava/lang/ClassLoader;)V
    return-void
.end method

# Application.attach(Context), as Instrumentation.newApplication calls it
.method static attach(Landroid/app/Application;Landroid/content/Context;)V
    .locals 5
    const-class v0, Landroid/app/Application;
    const-string v1, "attach"
    const/4 v2, 0x1
    new-array v2, v2, [Ljava/lang/Class;
    const/4 v3, 0x0
    const-class v4, Landroid/content/Context;
    aput-object v4, v2, v3
    invoke-virtual {v0, v1, v2}, Ljava/lang/Class;->getDeclaredMethod(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;
    move-result-object v0
    const/4 v1, 0x1
    invoke-virtual {v0, v1}, Ljava/lang/reflect/Method;->setAccessible(Z)V
    new-array v1, v1, [Ljava/lang/Object;
    aput-object p1, v1, v3
    invoke-virtual {v0, p0, v1}, Ljava/lang/reflect/Method;->invoke(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;
    return-void
.end method

# Where the framework holds "the application": ActivityThread.mInitialApplication and
# mAllApplications, LoadedApk.mApplication, ContextImpl.mOuterContext, ApplicationInfo.className.
.method static replace(Landroid/app/Application;Landroid/app/Application;)V
    .locals 4
    const-string v0, "android.app.ActivityThread"
    invoke-static {v0}, Ljava/lang/Class;->forName(Ljava/lang/String;)Ljava/lang/Class;
    move-result-object v0
    const-string v1, "currentActivityThread"
    const/4 v2, 0x0
    new-array v3, v2, [Ljava/lang/Class;
    invoke-virtual {v0, v1, v3}, Ljava/lang/Class;->getDeclaredMethod(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;
    move-result-object v0
    new-array v3, v2, [Ljava/lang/Object;
    const/4 v1, 0x0
    invoke-virtual {v0, v1, v3}, Ljava/lang/reflect/Method;->invoke(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;
    move-result-object v0
    const-string v1, "android.app.ActivityThread"
    const-string v2, "mInitialApplication"
    invoke-static {v0, v1, v2, p1}, Lcom/citadel/shell/Loader;->set(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;)V
    const-string v2, "mAllApplications"
    invoke-static {v0, v1, v2}, Lcom/citadel/shell/Loader;->get(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v0
    check-cast v0, Ljava/util/List;
    invoke-interface {v0, p0}, Ljava/util/List;->remove(Ljava/lang/Object;)Z
    invoke-interface {v0, p1}, Ljava/util/List;->add(Ljava/lang/Object;)Z
    invoke-virtual {p0}, Landroid/app/Application;->getBaseContext()Landroid/content/Context;
    move-result-object v0
    const-string v1, "android.app.ContextImpl"
    const-string v2, "mOuterContext"
    invoke-static {v0, v1, v2, p1}, Lcom/citadel/shell/Loader;->set(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;)V
    const-string v2, "mPackageInfo"
    invoke-static {v0, v1, v2}, Lcom/citadel/shell/Loader;->get(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v0
    const-string v1, "android.app.LoadedApk"
    const-string v2, "mApplication"
    invoke-static {v0, v1, v2, p1}, Lcom/citadel/shell/Loader;->set(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;)V
    invoke-virtual {p1}, Landroid/app/Application;->getApplicationInfo()Landroid/content/pm/ApplicationInfo;
    move-result-object v0
    sget-object v1, Lcom/citadel/shell/Config;->APP:Ljava/lang/String;
    iput-object v1, v0, Landroid/content/pm/ApplicationInfo;->className:Ljava/lang/String;
    return-void
.end method

.method static field(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/reflect/Field;
    .locals 2
    invoke-static {p0}, Ljava/lang/Class;->forName(Ljava/lang/String;)Ljava/lang/Class;
    move-result-object v0
    invoke-virtual {v0, p1}, Ljava/lang/Class;->getDeclaredField(Ljava/lang/String;)Ljava/lang/reflect/Field;
    move-result-object v0
    const/4 v1, 0x1
    invoke-virtual {v0, v1}, Ljava/lang/reflect/Field;->setAccessible(Z)V
    return-object v0
.end method

.method static get(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;
    .locals 1
    invoke-static {p1, p2}, Lcom/citadel/shell/Loader;->field(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/reflect/Field;
    move-result-object v0
    invoke-virtual {v0, p0}, Ljava/lang/reflect/Field;->get(Ljava/lang/Object;)Ljava/lang/Object;
    move-result-object v0
    return-object v0
.end method

.method static set(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;)V
    .locals 1
    invoke-static {p1, p2}, Lcom/citadel/shell/Loader;->field(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/reflect/Field;
    move-result-object v0
    invoke-virtual {v0, p0, p3}, Ljava/lang/reflect/Field;->set(Ljava/lang/Object;Ljava/lang/Object;)V
    return-void
.end method
`;

/**
 * A stand-in for the few Android framework classes the stub touches, for
 * running the stub's start-up path on the JDK. Names, signatures and field
 * names follow AOSP (frameworks/base: ContextWrapper, Application.attach,
 * ContextImpl.mPackageInfo/mOuterContext, LoadedApk.mClassLoader/mApplication,
 * ActivityThread.currentActivityThread/mInitialApplication/mAllApplications;
 * libcore: InMemoryDexClassLoader, DexClassLoader), so a wrong name or
 * signature in the smali fails here as it would on a device. Behaviour is
 * reduced to what the stub relies on, and recorded for the harness: this is
 * a model of the framework, not Android.
 */
export const FRAMEWORK_SOURCES: Record<string, string> = {
  'android/content/Context.java': `package android.content;
public abstract class Context {
  public abstract android.content.res.AssetManager getAssets();
  public abstract android.content.pm.PackageManager getPackageManager();
  public abstract String getPackageName();
  public abstract android.content.pm.ApplicationInfo getApplicationInfo();
  public abstract java.io.File getDir(String name, int mode);
}
`,
  'android/content/ContextWrapper.java': `package android.content;
public class ContextWrapper extends Context {
  Context mBase;
  public ContextWrapper(Context base) { mBase = base; }
  protected void attachBaseContext(Context base) {
    if (mBase != null) throw new IllegalStateException("Base context already set");
    mBase = base;
  }
  public Context getBaseContext() { return mBase; }
  public android.content.res.AssetManager getAssets() { return mBase.getAssets(); }
  public android.content.pm.PackageManager getPackageManager() { return mBase.getPackageManager(); }
  public String getPackageName() { return mBase.getPackageName(); }
  public android.content.pm.ApplicationInfo getApplicationInfo() { return mBase.getApplicationInfo(); }
  public java.io.File getDir(String name, int mode) { return mBase.getDir(name, mode); }
}
`,
  'android/content/res/AssetManager.java': `package android.content.res;
public final class AssetManager {
  private final java.io.File root;
  public AssetManager(java.io.File root) { this.root = root; }
  public java.io.InputStream open(String fileName) throws java.io.IOException { return new java.io.FileInputStream(new java.io.File(root, fileName)); }
}
`,
  'android/content/pm/ApplicationInfo.java': `package android.content.pm;
public class ApplicationInfo {
  public String className;
  public String nativeLibraryDir;
}
`,
  'android/content/pm/Signature.java': `package android.content.pm;
public class Signature {
  private final byte[] bytes;
  public Signature(byte[] bytes) { this.bytes = bytes; }
  public byte[] toByteArray() { return bytes.clone(); }
}
`,
  'android/content/pm/PackageInfo.java': `package android.content.pm;
public class PackageInfo {
  public Signature[] signatures;
}
`,
  'android/content/pm/PackageManager.java': `package android.content.pm;
public class PackageManager {
  public static int lastFlags;
  private final byte[] cert;
  public PackageManager(byte[] cert) { this.cert = cert; }
  public PackageInfo getPackageInfo(String packageName, int flags) {
    lastFlags = flags;
    PackageInfo p = new PackageInfo();
    if ((flags & 0x40) != 0) p.signatures = new Signature[] { new Signature(cert) };
    return p;
  }
}
`,
  'android/app/LoadedApk.java': `package android.app;
public final class LoadedApk {
  ClassLoader mClassLoader;
  Application mApplication;
}
`,
  'android/app/ContextImpl.java': `package android.app;
class ContextImpl extends android.content.Context {
  final LoadedApk mPackageInfo;
  android.content.Context mOuterContext;
  final java.io.File assets;
  final java.io.File data;
  final byte[] cert;
  final android.content.pm.ApplicationInfo info = new android.content.pm.ApplicationInfo();
  ContextImpl(LoadedApk apk, java.io.File assets, java.io.File data, byte[] cert) {
    mPackageInfo = apk; this.assets = assets; this.data = data; this.cert = cert;
    info.nativeLibraryDir = "/data/app/example/lib/arm64";
  }
  public android.content.res.AssetManager getAssets() { return new android.content.res.AssetManager(assets); }
  public android.content.pm.PackageManager getPackageManager() { return new android.content.pm.PackageManager(cert); }
  public String getPackageName() { return "com.example.app"; }
  public android.content.pm.ApplicationInfo getApplicationInfo() { return info; }
  public java.io.File getDir(String name, int mode) { java.io.File d = new java.io.File(data, "app_" + name); d.mkdirs(); return d; }
}
`,
  'android/app/Application.java': `package android.app;
public class Application extends android.content.ContextWrapper {
  public LoadedApk mLoadedApk;
  public Application() { super(null); }
  public void onCreate() {}
  final void attach(android.content.Context context) {
    attachBaseContext(context);
    mLoadedApk = ((ContextImpl) context).mPackageInfo;
  }
}
`,
  'android/app/ActivityThread.java': `package android.app;
public final class ActivityThread {
  static ActivityThread sCurrent;
  Application mInitialApplication;
  final java.util.ArrayList<Application> mAllApplications = new java.util.ArrayList<>();
  public static ActivityThread currentActivityThread() { return sCurrent; }
}
`,
  'android/os/Build.java': `package android.os;
public class Build {
  public static String TAGS = "release-keys";
  public static String FINGERPRINT = "google/oriole/oriole:14/UQ1A/1:user/release-keys";
  public static String HARDWARE = "oriole";
  public static class VERSION { public static int SDK_INT = 34; }
}
`,
  'android/os/Debug.java': `package android.os;
public final class Debug {
  public static boolean connected;
  public static boolean isDebuggerConnected() { return connected; }
}
`,
  'android/os/Process.java': `package android.os;
public class Process {
  /** the stand-in stops the start-up instead of killing the JVM: the harness sees the "exit" response */
  public static class Killed extends RuntimeException { public Killed() { super("killProcess"); } }
  public static int myPid() { return 4242; }
  public static void killProcess(int pid) { throw new Killed(); }
}
`,
  'android/util/Log.java': `package android.util;
public final class Log {
  public static final java.util.List<String> warnings = new java.util.ArrayList<>();
  public static int w(String tag, String msg) { warnings.add(tag + ":" + msg); return 0; }
}
`,
  'dalvik/system/InMemoryDexClassLoader.java': `package dalvik.system;
public final class InMemoryDexClassLoader extends ClassLoader {
  public static InMemoryDexClassLoader last;
  public final java.nio.ByteBuffer[] dexBuffers;
  public final String librarySearchPath;
  public InMemoryDexClassLoader(java.nio.ByteBuffer[] dexBuffers, String librarySearchPath, ClassLoader parent) {
    super(parent); this.dexBuffers = dexBuffers; this.librarySearchPath = librarySearchPath; last = this;
  }
  /** any class the parent lacks is "found" as the harness's recording Application */
  protected Class<?> findClass(String name) throws ClassNotFoundException { return android.app.ShellHarness.found(name); }
}
`,
  'dalvik/system/DexClassLoader.java': `package dalvik.system;
public class DexClassLoader extends ClassLoader {
  public static DexClassLoader last;
  public final String dexPath;
  public final String librarySearchPath;
  public DexClassLoader(String dexPath, String optimizedDirectory, String librarySearchPath, ClassLoader parent) {
    super(parent); this.dexPath = dexPath; this.librarySearchPath = librarySearchPath; last = this;
  }
  protected Class<?> findClass(String name) throws ClassNotFoundException { return android.app.ShellHarness.found(name); }
}
`,
};

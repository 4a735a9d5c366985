/** The start-up harness: builds a ContextImpl/LoadedApk/ActivityThread as handleBindApplication does, runs the stub through attach/onCreate per scenario, prints what changed. */
export const HARNESS_SOURCE = `package android.app;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public class ShellHarness {
  static String asked;
  public static Class<?> found(String name) { asked = name; return RecordingApp.class; }

  public static class RecordingApp extends Application {
    android.content.Context attachedWith;
    int created;
    protected void attachBaseContext(android.content.Context b) { super.attachBaseContext(b); attachedWith = b; }
    public void onCreate() { created++; }
  }

  static java.nio.MappedByteBuffer mapped;
  static byte[] cert;
  static File assets, data;
  static final List<byte[]> expected = new ArrayList<>();

  public static void main(String[] a) throws Exception {
    assets = new File(a[0]);
    data = new File(a[1]);
    cert = Files.readAllBytes(Paths.get(a[2]));
    for (int i = 0; new File(a[3], i + ".dex").exists(); i++) expected.add(Files.readAllBytes(Paths.get(a[3], i + ".dex")));
    for (int i = 4; i < a.length; i++) System.out.println(a[i] + " " + run(a[i]));
  }

  static boolean same(ByteBuffer b, byte[] e) { byte[] x = new byte[b.remaining()]; b.duplicate().get(x); return java.util.Arrays.equals(x, e); }

  static String run(String scenario) throws Exception {
    android.os.Build.VERSION.SDK_INT = 34;
    android.os.Build.TAGS = "release-keys";
    android.os.Build.HARDWARE = "oriole";
    android.os.Debug.connected = false;
    android.util.Log.warnings.clear();
    android.content.pm.PackageManager.lastFlags = -1;
    asked = null;
    byte[] c = cert;
    File as = assets;
    switch (scenario) {
      case "api28": case "api28-again": android.os.Build.VERSION.SDK_INT = 28; break;
      case "wrong-cert": c = cert.clone(); c[c.length / 2] ^= 1; break;
      case "changed-payload": {
        as = new File(data, "assets-changed");
        new File(as, "citadel").mkdirs();
        byte[] p = Files.readAllBytes(new File(assets, "citadel/payload.bin").toPath());
        p[p.length - 1] ^= 1;
        Files.write(new File(as, "citadel/payload.bin").toPath(), p);
        break;
      }
      case "debugger": android.os.Debug.connected = true; break;
      case "root": android.os.Build.TAGS = "test-keys"; break;
      case "emulator": android.os.Build.HARDWARE = "ranchu"; break;
      case "hook": {
        // a library named like Frida's agent mapped into this process: it shows in /proc/self/maps (and stays: run last)
        File f = new File(data, "frida-agent-64.so");
        Files.write(f.toPath(), new byte[4096]);
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(f.toPath())) { mapped = ch.map(java.nio.channels.FileChannel.MapMode.READ_ONLY, 0, 4096); }
        break;
      }
      default: break;
    }
    LoadedApk apk = new LoadedApk();
    apk.mClassLoader = ShellHarness.class.getClassLoader();
    ContextImpl base = new ContextImpl(apk, as, data, c);
    ActivityThread at = new ActivityThread();
    ActivityThread.sCurrent = at;
    Application stub;
    try {
      // as LoadedApk.makeApplication and handleBindApplication do
      stub = (Application) Class.forName("com.citadel.shell.ShellApp").getDeclaredConstructor().newInstance();
      base.mOuterContext = stub;
      stub.attach(base);
      at.mInitialApplication = stub;
      at.mAllApplications.add(stub);
      apk.mApplication = stub;
      stub.onCreate();
    } catch (android.os.Process.Killed k) {
      return "killed warnings=" + String.join(",", android.util.Log.warnings);
    } catch (Throwable t) {
      Throwable r = t;
      while (r.getCause() != null) r = r.getCause();
      return "error " + r.getClass().getSimpleName() + " warnings=" + String.join(",", android.util.Log.warnings);
    }
    ClassLoader cl = apk.mClassLoader;
    boolean dex = false;
    String lib = null;
    if (cl instanceof dalvik.system.InMemoryDexClassLoader) {
      dalvik.system.InMemoryDexClassLoader m = (dalvik.system.InMemoryDexClassLoader) cl;
      dex = m.dexBuffers.length == expected.size();
      for (int i = 0; dex && i < expected.size(); i++) dex = same(m.dexBuffers[i], expected.get(i));
      lib = m.librarySearchPath;
    } else if (cl instanceof dalvik.system.DexClassLoader) {
      dalvik.system.DexClassLoader d = (dalvik.system.DexClassLoader) cl;
      String[] paths = d.dexPath.split(":");
      dex = paths.length == expected.size();
      for (int i = 0; dex && i < paths.length; i++) {
        File f = new File(paths[i]);
        // by mode bits, not canWrite(): root may write anything
        dex = f.getParentFile().getName().equals("app_cdx") && !Files.getPosixFilePermissions(f.toPath()).contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE) && java.util.Arrays.equals(Files.readAllBytes(f.toPath()), expected.get(i));
      }
      lib = d.librarySearchPath;
    }
    StringBuilder sb = new StringBuilder("started loader=" + cl.getClass().getSimpleName() + " dex=" + dex + " lib=" + lib + " context=" + (Thread.currentThread().getContextClassLoader() == cl) + " flags=" + android.content.pm.PackageManager.lastFlags);
    Application app = at.mInitialApplication;
    if (app instanceof RecordingApp) {
      RecordingApp r = (RecordingApp) app;
      sb.append(" app=" + asked + " attached=" + (r.attachedWith == base && r.mLoadedApk == apk) + " created=" + r.created + " all=" + (at.mAllApplications.size() == 1 && at.mAllApplications.get(0) == r) + " loadedApk=" + (apk.mApplication == r) + " outer=" + (base.mOuterContext == r) + " className=" + base.info.className);
    } else {
      sb.append(" app=none");
    }
    sb.append(" warnings=" + String.join(",", android.util.Log.warnings));
    return sb.toString();
  }
}
`;

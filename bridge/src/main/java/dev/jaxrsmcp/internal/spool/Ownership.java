package dev.jaxrsmcp.internal.spool;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a directory is private enough to hold spool files: a real directory (not a symbolic
 * link), owned by this process's user and writable by nobody else. On file systems without POSIX
 * permissions only the first part is checked.
 */
final class Ownership {
  static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
  static final Set<PosixFilePermission> OWNER_READ_WRITE =
      PosixFilePermissions.fromString("rw-------");

  private Ownership() {}

  static boolean posix() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  }

  /** The attribute that creates a directory as {@code rwx------} (none without POSIX). */
  static FileAttribute<?>[] ownerOnlyDirectory() {
    return posix()
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)}
        : new FileAttribute<?>[0];
  }

  /** The attribute that creates a file as {@code rw-------} (none without POSIX). */
  static FileAttribute<?>[] ownerOnlyFile() {
    return posix()
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE)}
        : new FileAttribute<?>[0];
  }

  /** This process's user, when the platform can name it. */
  static Optional<UserPrincipal> me() {
    try {
      return Optional.of(
          FileSystems.getDefault()
              .getUserPrincipalLookupService()
              .lookupPrincipalByName(System.getProperty("user.name")));
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.empty(); // a user without a name (a container's bare uid)
    }
  }

  /**
   * Why {@code directory} must not hold spool files; empty when it may.
   *
   * @param owner the user it must belong to; empty to skip that check
   */
  static Optional<String> unsafe(Path directory, Optional<UserPrincipal> owner) {
    try {
      BasicFileAttributes basic =
          Files.readAttributes(directory, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      if (basic.isSymbolicLink()) {
        return Optional.of("it is a symbolic link");
      }
      if (!basic.isDirectory()) {
        return Optional.of("it is not a directory");
      }
      if (!posix()) {
        return Optional.empty();
      }
      PosixFileAttributes attributes =
          Files.getFileAttributeView(
                  directory, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
              .readAttributes();
      if (owner.isPresent() && !attributes.owner().equals(owner.get())) {
        return Optional.of("it belongs to " + attributes.owner().getName());
      }
      Set<PosixFilePermission> permissions = attributes.permissions();
      if (permissions.contains(PosixFilePermission.GROUP_WRITE)
          || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
        return Optional.of(
            "other users may write to it (permissions "
                + PosixFilePermissions.toString(permissions)
                + ")");
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("its attributes cannot be read (" + e + ")");
    }
  }

  /** The owner of a path this process just created (so: this process's user). */
  static Optional<UserPrincipal> ownerOf(Path created) {
    try {
      return Optional.of(Files.getOwner(created, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.empty();
    }
  }
}
